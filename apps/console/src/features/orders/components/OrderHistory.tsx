import { Space, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleOrderDetail } from '@shop/contract/console/orders';
import { formatDateTime } from '../../../shared/ui/format';
import { OrderStatusTag } from './OrderStatusTag';

type Detail = ConsoleOrderDetail;

/** The order's status changes in time, from its creation. */
export function OrderHistory({ detail }: { detail: Detail }) {
  const { t } = useTranslation('orders');
  const items = [
    { key: 'created', color: 'gray', title: formatDateTime(detail.order.createdAt), content: t('history.created', { status: t('status.0') }) },
    ...detail.history.map((change) => ({
      key: change.id,
      color: change.toStatus === 7 || change.toStatus === 8 ? 'red' : change.toStatus === 3 ? 'green' : 'blue',
      title: formatDateTime(change.createdAt),
      content: (
        <Space wrap size={4}>
          <OrderStatusTag status={change.fromStatus} />→<OrderStatusTag status={change.toStatus} />
          <Typography.Text type="secondary">{t(`event.${change.event}`, { defaultValue: change.event })}</Typography.Text>
        </Space>
      ),
    })),
  ];
  return <Timeline items={items} data-testid="order-history" />;
}
