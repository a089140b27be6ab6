import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlayerOrder } from '@shop/contract/console/players';
import { useCursorPaging } from '../../../shared/hooks/use-cursor-paging';
import { formatDateTime, formatMoney } from '../../../shared/ui/format';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { usePlayerOrders } from '../api/player-orders';

const ORDERS_PAGE_SIZE = 10;

/** A player's orders, newest first, a page at a time; each opens its order's page. */
export function PlayerOrders({ playerId }: { playerId: number }) {
  const { t } = useTranslation('players');
  const { t: tApp } = useTranslation();
  const paging = useCursorPaging(ORDERS_PAGE_SIZE);
  const orders = usePlayerOrders(playerId, paging.cursor, paging.pageSize);
  const columns = [
    {
      title: t('orders.orderSn'),
      key: 'orderSn',
      render: (_: unknown, row: PlayerOrder) => (
        <Link to={`/orders/${row.id}`} data-testid={`player-order-${row.id}`}>
          {row.orderSn}
        </Link>
      ),
    },
    { title: t('orders.created'), key: 'created', width: 170, render: (_: unknown, row: PlayerOrder) => formatDateTime(row.createdAt) },
    { title: t('orders.role'), dataIndex: 'roleName', key: 'role', render: (name: string | null) => name ?? '—' },
    { title: t('orders.source'), dataIndex: 'orderSource', key: 'source', render: (source: string) => t(`orders.sources.${source}`, { defaultValue: source }) },
    { title: t('orders.status'), key: 'status', render: (_: unknown, row: PlayerOrder) => <Tag>{t(`orders.statuses.${row.status}`, { defaultValue: String(row.status) })}</Tag> },
    {
      title: t('orders.amount'),
      key: 'amount',
      align: 'right' as const,
      render: (_: unknown, row: PlayerOrder) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.payAmountMinor, row.currency)}</span>,
    },
    {
      title: t('orders.provider'),
      dataIndex: 'provider',
      key: 'provider',
      render: (provider: string | null) => (provider ? t(`orders.providers.${provider}`, { defaultValue: provider }) : '—'),
    },
  ];
  const data = orders.data;
  return (
    <Card title={t('orders.title')}>
      <PagedTable<PlayerOrder>
        rowKey="id"
        size="small"
        loading={orders.isFetching}
        dataSource={data?.orders ?? []}
        columns={columns}
        links={data}
        pager={{ onCursor: paging.onCursor, totalText: data && (data.totalCapped ? tApp('pager.moreThan', { count: data.total }) : t('orders.total', { count: data.total })) }}
      />
    </Card>
  );
}
