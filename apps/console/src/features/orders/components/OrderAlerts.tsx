import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleOrderDetail } from '@shop/contract/console/orders';
import { formatDateTime } from '../../../shared/ui/format';

/** What needs an operator's eye on an order: a refused delivery (the game's last answer), an open request, a refund under way or failed. */
export function OrderAlerts({ detail }: { detail: ConsoleOrderDetail }) {
  const { t } = useTranslation('orders');
  const { order, refund } = detail;
  const request = detail.refundRequest;
  const lastDeliveryError = [...detail.deliveries].reverse().find((delivery) => delivery.kind === 'deliver' && delivery.lastError)?.lastError;
  return (
    <>
      {order.status === 8 && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('detail.deliveryError')} description={lastDeliveryError ?? undefined} data-testid="order-delivery-error" />
      )}
      {request?.status === 'requested' && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('detail.refundRequested', { at: formatDateTime(request.createdAt) })} description={request.reason ?? undefined} />
      )}
      {refund && refund.status !== 'completed' && (
        <Alert
          type={refund.status === 'failed' ? 'error' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={t(`refund.state.${refund.status}`)}
          description={refund.lastError ?? undefined}
          data-testid="order-refund-state"
        />
      )}
    </>
  );
}
