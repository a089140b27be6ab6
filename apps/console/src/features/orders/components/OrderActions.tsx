import { useState } from 'react';
import { Button, Space } from 'antd';
import { ReloadOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission } from '@shop/contract/console/access';
import type { ConsoleOrderDetail } from '@shop/contract/console/orders';
import { useCan } from '../../../shared/auth/use-me';
import { RefundOrderDialog, type RefundTarget } from './RefundOrderDialog';
import { RejectRefundRequestDialog, type RejectTarget } from './RejectRefundRequestDialog';
import { useConfirmRetry } from './use-confirm-retry';

interface Props {
  detail: ConsoleOrderDetail;
  reloading: boolean;
  onReload: () => void;
}

/** What the operator may do to an order now (its state and their role allow), each confirmed in a dialog; and reload. */
export function OrderActions({ detail, reloading, onReload }: Props) {
  const { t } = useTranslation('orders');
  const { t: tApp } = useTranslation();
  const canRefund = useCan(Permission.ORDERS_REFUND);
  const canRetry = useCan(Permission.ORDERS_RETRY_DELIVERY);
  const canAnswer = useCan(Permission.REFUND_REQUESTS_ANSWER);
  const retry = useConfirmRetry();
  const [refundTarget, setRefundTarget] = useState<RefundTarget | null>(null);
  const [rejectTarget, setRejectTarget] = useState<RejectTarget | null>(null);
  const { order, actions } = detail;
  const request = detail.refundRequest;
  // approving a player's request refunds with their reason; a refund of the operator's own has none
  const requestReason = actions.answerRefundRequest ? { requestReason: request?.reason ?? null } : {};
  const refund = () =>
    setRefundTarget({ id: order.id, orderSn: order.orderSn, provider: order.provider, payAmountMinor: order.payAmountMinor, currency: order.currency, vouchers: detail.vouchers, ...requestReason });
  return (
    <>
      <Space wrap>
        {canRetry && actions.retryDelivery && (
          <Button icon={<ReloadOutlined />} onClick={() => retry.confirm(order)} loading={retry.pending} data-testid="order-retry-delivery">
            {t('action.retryDelivery')}
          </Button>
        )}
        {canAnswer && actions.answerRefundRequest && (
          <Button icon={<StopOutlined />} onClick={() => setRejectTarget({ id: order.id, orderSn: order.orderSn, playerReason: request?.reason ?? null })} data-testid="refund-request-reject">
            {t('action.rejectRequest')}
          </Button>
        )}
        {canRefund && actions.refund && (
          <Button danger type="primary" icon={<RollbackOutlined />} onClick={refund} data-testid="order-refund">
            {t(actions.answerRefundRequest ? 'action.approveRefund' : 'action.refund')}
          </Button>
        )}
        <Button icon={<ReloadOutlined />} onClick={onReload} loading={reloading} data-testid="order-reload">
          {tApp('common.refresh')}
        </Button>
      </Space>
      <RefundOrderDialog target={refundTarget} onClose={() => setRefundTarget(null)} />
      <RejectRefundRequestDialog target={rejectTarget} onClose={() => setRejectTarget(null)} />
    </>
  );
}
