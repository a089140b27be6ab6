import { Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleOrderDetail } from '@shop/contract/console/orders';
import { formatDateTime } from '../../../shared/ui/format';

type Detail = ConsoleOrderDetail;

/** The jobs that sent the order to the game (or took it back), with the game's last answer. */
export function OrderDeliveries({ detail }: { detail: Detail }) {
  const { t } = useTranslation('orders');
  if (!detail.deliveries.length) return <Empty description={t(detail.order.orderSource === 'voucher' ? 'detail.voucherNoDelivery' : 'detail.noDeliveries')} />;
  const stateColor: Record<string, string> = { waiting: 'blue', running: 'processing', done: 'green', failed: 'red' };
  return (
    <Table
      rowKey="jobId"
      size="small"
      pagination={false}
      dataSource={detail.deliveries}
      columns={[
        { title: t('delivery.kind'), key: 'kind', render: (_: unknown, row: Detail['deliveries'][number]) => t(`delivery.kinds.${row.kind}`) },
        { title: t('delivery.state'), key: 'state', render: (_: unknown, row: Detail['deliveries'][number]) => <Tag color={stateColor[row.state]}>{t(`delivery.states.${row.state}`)}</Tag> },
        { title: t('delivery.attempts'), key: 'attempts', render: (_: unknown, row: Detail['deliveries'][number]) => `${row.attempts} / ${row.maxAttempts}` },
        { title: t('delivery.runAt'), key: 'runAt', render: (_: unknown, row: Detail['deliveries'][number]) => formatDateTime(row.runAt) },
        { title: t('delivery.finished'), key: 'finished', render: (_: unknown, row: Detail['deliveries'][number]) => formatDateTime(row.doneAt ?? row.failedAt) },
        {
          title: t('delivery.answer'),
          key: 'answer',
          render: (_: unknown, row: Detail['deliveries'][number]) =>
            row.lastError ? <Typography.Text type="danger">{row.lastError}</Typography.Text> : row.state === 'done' ? t('delivery.accepted') : '—',
        },
      ]}
    />
  );
}
