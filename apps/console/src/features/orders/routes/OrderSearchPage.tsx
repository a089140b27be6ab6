import { useState, type HTMLAttributes } from 'react';
import { Alert, Badge, Button, Card, Row, Space, Typography } from 'antd';
import { FilterOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ORDER_PAGE_SIZES, type ConsoleOrderSummary } from '@shop/contract/console/orders';
import { withChanges } from '../../../shared/lib/search-params';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { useQueueCounts } from '../api/queue-counts';
import { useSearchOrders } from '../api/search-orders';
import { OrderFilters } from '../components/OrderFilters';
import { OrderSearchBox } from '../components/OrderSearchBox';
import { orderColumns } from '../components/order-columns';
import { waitingCount } from '../lib/order-labels';
import { DEFAULT_PAGE_SIZE, filterChanges, filterFormOf, hasFilters, searchOf } from '../lib/order-search';

/**
 * Order search. The one box takes what support is told: a full order number or its tail (from the 13th character), a
 * provider's transaction id, the player's e-mail or phone. The filters narrow by player, role, transaction, status,
 * provider, game and time. Results are paged on the server by cursor, newest first; the table fits 1366 px unscrolled.
 */
export default function OrderSearchPage() {
  const { t } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const query = searchOf(params);
  const search = useSearchOrders(query);
  const counts = useQueueCounts();
  const [showFilters, setShowFilters] = useState(hasFilters(params));
  const apply = (changes: Record<string, string | undefined>) => setParams(withChanges(params, changes));
  const data = search.data;
  const columns = orderColumns<ConsoleOrderSummary>(t, (row) => row);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Row justify="space-between" align="middle">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('search.title')}
        </Typography.Title>
        <Link to="/orders/queues" data-testid="orders-queues-link">
          <Badge count={waitingCount(counts.data)} overflowCount={999}>
            <Button icon={<InboxOutlined />}>{t('queues.title')}</Button>
          </Badge>
        </Link>
      </Row>
      <Card>
        <OrderSearchBox key={query.q ?? ''} initial={query.q ?? ''} onSearch={(box) => apply({ q: box.trim() || undefined, cursor: undefined })} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('search.hint')}{' '}
          <Button type="link" size="small" icon={<FilterOutlined />} onClick={() => setShowFilters((shown) => !shown)} data-testid="order-filters-toggle">
            {t(showFilters ? 'search.hideFilters' : 'search.showFilters')}
          </Button>
        </Typography.Paragraph>
        {showFilters && <OrderFilters key={params.toString()} initial={filterFormOf(query)} onSubmit={(values) => apply(filterChanges(values))} onReset={() => setParams(new URLSearchParams())} />}
      </Card>
      {search.isError && <Alert type="error" showIcon title={search.error.message} data-testid="order-search-error" />}
      <Card>
        <PagedTable<ConsoleOrderSummary>
          data-testid="order-search-table"
          rowKey="id"
          size="middle"
          tableLayout="fixed"
          loading={search.isFetching}
          columns={[columns.orderText, columns.status, columns.amount, columns.channel, columns.playerText, columns.roleInGame, columns.created]}
          dataSource={data?.rows ?? []}
          onRow={(row) =>
            ({
              'data-testid': `order-row-${row.orderSn}`,
              style: { cursor: 'pointer' },
              onClick: () => void navigate(`/orders/${row.id}`),
            }) as HTMLAttributes<HTMLElement>
          }
          links={data}
          pager={{
            testId: 'order-search-pager',
            onCursor: (cursor) => apply({ cursor }),
            totalText: data && (data.totalCapped ? t('search.totalCapped', { count: data.total }) : t('search.total', { count: data.total })),
            pageSize: query.pageSize,
            pageSizes: ORDER_PAGE_SIZES,
            onPageSize: (pageSize) => apply({ cursor: undefined, pageSize: pageSize !== DEFAULT_PAGE_SIZE ? String(pageSize) : undefined }),
          }}
        />
      </Card>
    </Space>
  );
}
