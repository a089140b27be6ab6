import { Descriptions, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleOrderDetail } from '@shop/contract/console/orders';
import { formatDateTime } from '../../../shared/ui/format';

type Detail = ConsoleOrderDetail;

/** The vouchers the order credited, what the role holds and spent, and the ledger entries of the order. */
export function OrderVouchers({ detail }: { detail: Detail }) {
  const { t } = useTranslation('orders');
  const { vouchers } = detail;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'credited', label: t('vouchers.credited'), children: vouchers.credited },
          { key: 'balance', label: t('vouchers.balance'), children: vouchers.balance ?? '—' },
          { key: 'spent', label: t('vouchers.spent'), children: vouchers.spent > 0 ? <Typography.Text type="warning">{vouchers.spent}</Typography.Text> : 0 },
        ]}
      />
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={detail.ledger}
        locale={{ emptyText: t('vouchers.none') }}
        columns={[
          { title: t('field.created'), key: 'at', render: (_: unknown, entry: Detail['ledger'][number]) => formatDateTime(entry.createdAt) },
          { title: t('vouchers.kind'), key: 'kind', render: (_: unknown, entry: Detail['ledger'][number]) => t(`vouchers.kinds.${entry.kind}`, { defaultValue: entry.kind }) },
          {
            title: t('vouchers.amount'),
            key: 'amount',
            align: 'right' as const,
            render: (_: unknown, entry: Detail['ledger'][number]) => <Typography.Text type={entry.amount < 0 ? 'danger' : 'success'}>{entry.amount > 0 ? `+${entry.amount}` : entry.amount}</Typography.Text>,
          },
          { title: t('vouchers.balanceAfter'), dataIndex: 'balanceAfter', key: 'balanceAfter', align: 'right' as const },
          { title: t('vouchers.reference'), dataIndex: 'reference', key: 'reference' },
        ]}
      />
    </Space>
  );
}
