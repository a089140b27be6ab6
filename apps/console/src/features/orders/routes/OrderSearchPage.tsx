import { useState, type HTMLAttributes } from 'react';
import { Alert, Badge, Button, Card, Col, DatePicker, Form, Input, Row, Select, Space, Table, Typography } from 'antd';
import { FilterOutlined, InboxOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ORDER_PAGE_SIZES, type ConsoleOrderSummary, type OrderSearchQuery } from '@shop/contract/console/orders';
import { ORDER_STATUS_CODES } from '@shop/contract/orders.schema';
import { CursorPager } from '../../../shared/ui/CursorPager';
import { formatDateTime, formatMoney } from '../../../shared/ui/format';
import { useOrderFilters } from '../api/order-filters';
import { useQueueCounts } from '../api/queue-counts';
import { useSearchOrders } from '../api/search-orders';
import { OrderNumber } from '../components/OrderNumber';
import { OrderStatusTag } from '../components/OrderStatusTag';

interface FilterForm {
  player?: string;
  role?: string;
  transactionId?: string;
  status?: number[];
  provider?: string;
  appId?: number;
  created?: [Dayjs | null, Dayjs | null] | null;
}

/** The search as the URL keeps it (Back returns to the same results), and the query the server gets. */
type SearchState = OrderSearchQuery & { cursor?: string | undefined; pageSize: number; appId?: number | undefined };

function queryOf(params: URLSearchParams): SearchState {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const pageSize = Number(params.get('pageSize') ?? 20);
  const appId = Number(params.get('appId'));
  return {
    q: text('q'),
    player: text('player'),
    role: text('role'),
    transactionId: text('transactionId'),
    status: text('status'),
    provider: text('provider') as OrderSearchQuery['provider'],
    appId: Number.isInteger(appId) && appId > 0 ? appId : undefined,
    from: text('from'),
    to: text('to'),
    cursor: text('cursor'),
    pageSize: (ORDER_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 20,
  };
}

/**
 * Order search. The one box takes what support is told: a full order number or its tail (from the 13th character), a
 * provider's transaction id, the player's e-mail or phone. The filters narrow by player, role, transaction, status,
 * provider, game and time. Results are paged on the server by cursor, newest first.
 */
export default function OrderSearchPage() {
  const { t } = useTranslation('orders');
  const { t: tApp } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const query = queryOf(params);
  const search = useSearchOrders(query);
  const filters = useOrderFilters();
  const counts = useQueueCounts();
  const [showFilters, setShowFilters] = useState(['player', 'role', 'transactionId', 'status', 'provider', 'appId', 'from', 'to'].some((name) => params.has(name)));
  const initialFilters: FilterForm = {
    player: query.player,
    role: query.role,
    transactionId: query.transactionId,
    status: query.status ? String(query.status).split(',').map(Number) : undefined,
    provider: query.provider,
    appId: query.appId,
    created: query.from || query.to ? [query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null] : null,
  };

  const apply = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  const submitBox = (box: string) => apply({ q: box.trim() || undefined, cursor: undefined });
  const submitFilters = (values: FilterForm) => {
    const [from, to] = values.created ?? [null, null];
    apply({
      player: values.player?.trim(),
      role: values.role?.trim(),
      transactionId: values.transactionId?.trim(),
      status: values.status?.length ? values.status.join(',') : undefined,
      provider: values.provider,
      appId: values.appId ? String(values.appId) : undefined,
      from: from ? from.startOf('minute').toISOString() : undefined,
      to: to ? to.endOf('minute').toISOString() : undefined,
      cursor: undefined,
    });
  };
  const resetAll = () => setParams(new URLSearchParams());

  const waiting = counts.data ? counts.data.deliveryErrors + counts.data.refundRequests + counts.data.secondPayments + counts.data.reconciliation : 0;
  const data = search.data;
  const columns = [
    {
      title: t('field.orderSn'),
      key: 'orderSn',
      render: (_: unknown, row: ConsoleOrderSummary) => <OrderNumber orderSn={row.orderSn} id={row.id} copyable={false} />,
    },
    { title: t('field.status'), key: 'status', width: 190, render: (_: unknown, row: ConsoleOrderSummary) => <OrderStatusTag status={row.status} /> },
    {
      title: t('field.amount'),
      key: 'amount',
      align: 'right' as const,
      render: (_: unknown, row: ConsoleOrderSummary) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.payAmountMinor, row.currency)}</span>,
    },
    {
      title: t('field.provider'),
      key: 'provider',
      render: (_: unknown, row: ConsoleOrderSummary) => (row.provider ? `${t(`provider.${row.provider}`, { defaultValue: row.provider })}${row.payMethodName ? ` · ${row.payMethodName}` : ''}` : '—'),
    },
    {
      title: t('field.player'),
      key: 'player',
      render: (_: unknown, row: ConsoleOrderSummary) => row.playerEmail ?? row.playerMobile ?? `#${row.userId}`,
    },
    {
      title: t('field.role'),
      key: 'role',
      render: (_: unknown, row: ConsoleOrderSummary) => (row.role ? `${row.role.roleName || row.role.roleId} · ${row.role.serverId}` : '—'),
    },
    { title: t('field.game'), key: 'game', render: (_: unknown, row: ConsoleOrderSummary) => row.gameName ?? row.appId },
    { title: t('field.created'), key: 'created', width: 170, render: (_: unknown, row: ConsoleOrderSummary) => formatDateTime(row.createdAt) },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Row justify="space-between" align="middle">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('search.title')}
        </Typography.Title>
        <Link to="/orders/queues" data-testid="orders-queues-link">
          <Badge count={waiting} overflowCount={999}>
            <Button icon={<InboxOutlined />}>{t('queues.title')}</Button>
          </Badge>
        </Link>
      </Row>
      <Card>
        <SearchBox key={query.q ?? ''} initial={query.q ?? ''} onSearch={submitBox} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('search.hint')}{' '}
          <Button type="link" size="small" icon={<FilterOutlined />} onClick={() => setShowFilters((shown) => !shown)} data-testid="order-filters-toggle">
            {t(showFilters ? 'search.hideFilters' : 'search.showFilters')}
          </Button>
        </Typography.Paragraph>
        {showFilters && (
          <Form<FilterForm> key={params.toString()} layout="vertical" initialValues={initialFilters} onFinish={submitFilters} style={{ marginTop: 12 }}>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item name="player" label={t('filter.player')}>
                  <Input allowClear maxLength={254} placeholder={t('filter.playerHint')} data-testid="order-filter-player" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="role" label={t('filter.role')}>
                  <Input allowClear maxLength={100} placeholder={t('filter.roleHint')} data-testid="order-filter-role" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="transactionId" label={t('filter.transactionId')}>
                  <Input allowClear maxLength={200} placeholder={t('filter.transactionIdHint')} data-testid="order-filter-transaction" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="status" label={t('field.status')}>
                  <Select
                    mode="multiple"
                    allowClear
                    data-testid="order-filter-status"
                    options={ORDER_STATUS_CODES.map((code) => ({ value: code, label: `${t(`status.${code}`)} (${code})` }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={4}>
                <Form.Item name="provider" label={t('field.provider')}>
                  <Select
                    allowClear
                    data-testid="order-filter-provider"
                    options={(filters.data?.providers ?? []).map((provider) => ({ value: provider, label: t(`provider.${provider}`, { defaultValue: provider }) }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={4}>
                <Form.Item name="appId" label={t('field.game')}>
                  <Select allowClear data-testid="order-filter-game" options={(filters.data?.games ?? []).map((game) => ({ value: game.appId, label: game.name }))} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="created" label={t('filter.created')}>
                  <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty={[true, true]} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="order-filter-submit">
                {tApp('common.search')}
              </Button>
              <Button onClick={resetAll}>{tApp('common.reset')}</Button>
            </Space>
          </Form>
        )}
      </Card>
      {search.isError && <Alert type="error" showIcon title={search.error.message} data-testid="order-search-error" />}
      <Card>
        <Table<ConsoleOrderSummary>
          rowKey="id"
          size="middle"
          loading={search.isFetching}
          columns={columns}
          dataSource={data?.rows ?? []}
          onRow={(row) =>
            ({
              'data-testid': `order-row-${row.orderSn}`,
              style: { cursor: 'pointer' },
              onClick: () => void navigate(`/orders/${row.id}`),
            }) as HTMLAttributes<HTMLElement>
          }
          scroll={{ x: 1100 }}
          pagination={false}
        />
        <CursorPager
          testId="order-search-pager"
          links={data}
          onCursor={(cursor) => apply({ cursor })}
          totalText={data && (data.totalCapped ? t('search.totalCapped', { count: data.total }) : t('search.total', { count: data.total }))}
          pageSize={query.pageSize}
          pageSizes={ORDER_PAGE_SIZES}
          onPageSize={(pageSize) => apply({ cursor: undefined, pageSize: pageSize !== 20 ? String(pageSize) : undefined })}
        />
      </Card>
    </Space>
  );
}

/** The one search box (remounted when the URL's search changes, so it shows what was searched). */
function SearchBox({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation('orders');
  const { t: tApp } = useTranslation();
  const [text, setText] = useState(initial);
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 720 }}>
      <Input
        size="large"
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => onSearch(text)}
        data-testid="order-search-input"
      />
      <Button size="large" type="primary" onClick={() => onSearch(text)} data-testid="order-search-submit">
        {tApp('common.search')}
      </Button>
    </Space.Compact>
  );
}
