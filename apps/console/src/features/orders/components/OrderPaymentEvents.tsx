import { Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleOrderDetail } from '@shop/contract/console/orders';
import { formatDateTime } from '../../../shared/ui/format';
import { JsonBlock } from './JsonBlock';

type Detail = ConsoleOrderDetail;

/** What the provider told us about the order, each event's payload unfolded on demand. */
export function OrderPaymentEvents({ detail }: { detail: Detail }) {
  const { t } = useTranslation('orders');
  if (!detail.paymentEvents.length) return <Empty description={t('detail.noPaymentEvents')} />;
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={detail.paymentEvents}
      expandable={{ expandedRowRender: (event) => <JsonBlock value={event.payload} /> }}
      columns={[
        { title: t('field.created'), key: 'at', width: 170, render: (_: unknown, event: Detail['paymentEvents'][number]) => formatDateTime(event.createdAt) },
        { title: t('field.provider'), dataIndex: 'provider', key: 'provider' },
        { title: t('payment.type'), dataIndex: 'eventType', key: 'type' },
        { title: t('payment.key'), key: 'key', render: (_: unknown, event: Detail['paymentEvents'][number]) => <Typography.Text copyable>{event.eventKey}</Typography.Text> },
      ]}
    />
  );
}
