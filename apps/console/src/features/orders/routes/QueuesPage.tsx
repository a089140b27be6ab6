import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Select, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Permission } from '@shop/contract/console/access';
import { ORDER_PAGE_SIZES, type ConsoleOrderSummary } from '@shop/contract/console/orders';
import type { DuplicatePaymentView } from '@shop/contract/ops';
import type { RouteData } from '@shop/contract/route';
import type { consoleDeliveryErrors, consoleReconciliationQueue, consoleRefundRequests, consoleSecondPayments } from '@shop/contract/console/orders';
import { useCan } from '../../../shared/auth/use-me';
import { CursorPager, type CursorLinks } from '../../../shared/ui/CursorPager';
import { formatDateTime, formatMoney } from '../../../shared/ui/format';
import { useDeliveryErrors } from '../api/delivery-errors';
import { useQueueCounts } from '../api/queue-counts';
import { useReconciliationQueue } from '../api/reconciliation-queue';
import { useRefundRequests } from '../api/refund-requests';
import { useSecondPayments } from '../api/second-payments';
import { OrderNumber } from '../components/OrderNumber';
import { OrderStatusTag } from '../components/OrderStatusTag';
import { RefundOrderDialog, type RefundTarget } from '../components/RefundOrderDialog';
import { RejectRefundRequestDialog, type RejectTarget } from '../components/RejectRefundRequestDialog';
import { SecondPaymentRefundButton } from '../components/SecondPaymentRefundButton';
import { useConfirmRetry } from '../components/use-confirm-retry';

type DeliveryErrorRow = RouteData<typeof consoleDeliveryErrors>['rows'][number];
type RefundRequestRow = RouteData<typeof consoleRefundRequests>['rows'][number];
type SecondPaymentRow = RouteData<typeof consoleSecondPayments>['rows'][number];
type ReconciliationRow = RouteData<typeof consoleReconciliationQueue>['rows'][number];

const QUEUES = ['delivery-errors', 'refund-requests', 'second-payments', 'reconciliation'] as const;
type Queue = (typeof QUEUES)[number];
const PAGE_SIZE = 20;

const rowTestId = (orderSn: string) => ({ 'data-testid': `order-row-${orderSn}` }) as HTMLAttributes<HTMLElement>;

/** Paging of one queue's table (server-side, by cursor). */
function usePaging() {
  const [cursor, setCursor] = useState<string | undefined>();
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const pager = (links: CursorLinks | undefined) => (
    <CursorPager
      links={links}
      onCursor={setCursor}
      pageSize={pageSize}
      pageSizes={ORDER_PAGE_SIZES}
      onPageSize={(size) => {
        setCursor(undefined);
        setPageSize(size);
      }}
    />
  );
  return { cursor, pageSize, pager };
}

function orderColumns(t: (key: string, options?: Record<string, unknown>) => string) {
  return {
    order: {
      title: t('field.orderSn'),
      key: 'order',
      // the whole number on one line (the tables scroll sideways when narrow)
      width: 250,
      render: (_: unknown, row: { order: ConsoleOrderSummary }) => <OrderNumber orderSn={row.order.orderSn} id={row.order.id} />,
    },
    status: { title: t('field.status'), key: 'status', render: (_: unknown, row: { order: ConsoleOrderSummary }) => <OrderStatusTag status={row.order.status} /> },
    amount: {
      title: t('field.amount'),
      key: 'amount',
      align: 'right' as const,
      render: (_: unknown, row: { order: ConsoleOrderSummary }) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.order.payAmountMinor, row.order.currency)}</span>,
    },
    player: {
      title: t('field.player'),
      key: 'player',
      render: (_: unknown, row: { order: ConsoleOrderSummary }) => (
        <Link to={`/players/${row.order.userId}`}>{row.order.playerEmail ?? row.order.playerMobile ?? `#${row.order.userId}`}</Link>
      ),
    },
    role: {
      title: t('field.role'),
      key: 'role',
      render: (_: unknown, row: { order: ConsoleOrderSummary }) => (row.order.role ? `${row.order.role.roleName || row.order.role.roleId} · ${row.order.role.serverId}` : '—'),
    },
    provider: {
      title: t('field.provider'),
      key: 'provider',
      render: (_: unknown, row: { order: ConsoleOrderSummary }) => (row.order.provider ? t(`provider.${row.order.provider}`, { defaultValue: row.order.provider }) : '—'),
    },
  };
}

/** The work queues: what waits for an operator, with counts as badges; the tab is kept in the URL. */
export default function QueuesPage() {
  const { t } = useTranslation('orders');
  const { t: tApp } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Queue = (QUEUES as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Queue) : 'delivery-errors';
  const counts = useQueueCounts();
  const badge = (label: string, count: number | undefined, testId: string): ReactNode => (
    <Space size={8} data-testid={testId}>
      {label}
      <Badge count={count ?? 0} showZero overflowCount={999} color={count ? undefined : '#d9d9d9'} data-testid={`${testId}-count`} />
    </Space>
  );
  const items = [
    { key: 'delivery-errors', label: badge(t('queues.deliveryErrors'), counts.data?.deliveryErrors, 'queue-tab-delivery-errors'), children: <DeliveryErrorsQueue /> },
    { key: 'refund-requests', label: badge(t('queues.refundRequests'), counts.data?.refundRequests, 'queue-tab-refund-requests'), children: <RefundRequestsQueue /> },
    { key: 'second-payments', label: badge(t('queues.secondPayments'), counts.data?.secondPayments, 'queue-tab-second-payments'), children: <SecondPaymentsQueue /> },
    { key: 'reconciliation', label: badge(t('queues.reconciliation'), counts.data?.reconciliation, 'queue-tab-reconciliation'), children: <ReconciliationQueue /> },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Link to="/orders">
        <ArrowLeftOutlined /> {t('queues.backToSearch')}
      </Link>
      <Card
        title={t('queues.title')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void counts.refetch()} loading={counts.isFetching}>
            {tApp('common.refresh')}
          </Button>
        }
      >
        <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key })} items={items} destroyOnHidden />
      </Card>
    </Space>
  );
}

function DeliveryErrorsQueue() {
  const { t } = useTranslation('orders');
  const paging = usePaging();
  const list = useDeliveryErrors(paging.cursor, paging.pageSize);
  const canRetry = useCan(Permission.ORDERS_RETRY_DELIVERY);
  const retry = useConfirmRetry();
  const columns = orderColumns(t);
  return (
    <>
      <Typography.Paragraph type="secondary">{t('queues.deliveryErrorsHint')}</Typography.Paragraph>
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      <Table<DeliveryErrorRow>
        locale={{ emptyText: t('queues.empty.deliveryErrors') }}
        rowKey={(row) => row.order.id}
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        onRow={(row) => rowTestId(row.order.orderSn)}
        pagination={false}
        footer={() => paging.pager(list.data)}
        scroll={{ x: 1000 }}
        columns={[
          columns.order,
          columns.role,
          { title: t('field.paid'), key: 'paid', width: 170, render: (_: unknown, row: DeliveryErrorRow) => formatDateTime(row.order.paidAt) },
          { title: t('delivery.attempts'), dataIndex: 'attempts', key: 'attempts', width: 100, align: 'right' as const },
          {
            title: t('delivery.lastAnswer'),
            key: 'lastError',
            // a long answer is cut inside its own column (the whole text is in the tooltip and on the order's page)
            width: 280,
            ellipsis: { showTitle: false },
            render: (_: unknown, row: DeliveryErrorRow) =>
              row.lastError ? (
                <Tooltip title={row.lastError}>
                  <Typography.Text type="danger" data-testid="delivery-last-error">
                    {row.lastError}
                  </Typography.Text>
                </Tooltip>
              ) : (
                '—'
              ),
          },
          { title: t('delivery.lastAttempt'), key: 'lastAttempt', width: 170, render: (_: unknown, row: DeliveryErrorRow) => formatDateTime(row.lastAttemptAt) },
          {
            title: '',
            key: 'action',
            fixed: 'right' as const,
            render: (_: unknown, row: DeliveryErrorRow) =>
              row.retryQueued ? (
                <Tag color="processing">{t('delivery.retryQueued')}</Tag>
              ) : canRetry ? (
                <Button size="small" icon={<ReloadOutlined />} onClick={() => retry.confirm(row.order)} data-testid="order-retry-delivery">
                  {t('action.retryDelivery')}
                </Button>
              ) : null,
          },
        ]}
      />
    </>
  );
}

function RefundRequestsQueue() {
  const { t } = useTranslation('orders');
  const paging = usePaging();
  const list = useRefundRequests(paging.cursor, paging.pageSize);
  const canRefund = useCan(Permission.ORDERS_REFUND);
  const canAnswer = useCan(Permission.REFUND_REQUESTS_ANSWER);
  const [refundTarget, setRefundTarget] = useState<RefundTarget | null>(null);
  const [rejectTarget, setRejectTarget] = useState<RejectTarget | null>(null);
  const columns = orderColumns(t);
  return (
    <>
      <Typography.Paragraph type="secondary">{t(canRefund ? 'queues.refundRequestsHint' : 'queues.refundRequestsHintSupport')}</Typography.Paragraph>
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      <Table<RefundRequestRow>
        locale={{ emptyText: t('queues.empty.refundRequests') }}
        rowKey={(row) => row.order.id}
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        onRow={(row) => rowTestId(row.order.orderSn)}
        pagination={false}
        footer={() => paging.pager(list.data)}
        scroll={{ x: 1100 }}
        columns={[
          columns.order,
          columns.status,
          columns.amount,
          columns.provider,
          columns.player,
          {
            title: t('refundRequest.playerReason'),
            key: 'reason',
            render: (_: unknown, row: RefundRequestRow) => (
              <Space orientation="vertical" size={0}>
                <span>{row.reason ?? '—'}</span>
                {row.vouchers.spent > 0 && <Typography.Text type="warning">{t('refund.vouchersSpentShort', { spent: row.vouchers.spent, credited: row.vouchers.credited })}</Typography.Text>}
              </Space>
            ),
          },
          { title: t('refundRequest.requestedAt'), key: 'at', render: (_: unknown, row: RefundRequestRow) => formatDateTime(row.requestedAt) },
          {
            title: '',
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: RefundRequestRow) => (
              <Space>
                {canRefund && row.refundable && (
                  <Button
                    size="small"
                    danger
                    type="primary"
                    icon={<RollbackOutlined />}
                    data-testid="order-refund"
                    onClick={() =>
                      setRefundTarget({
                        id: row.order.id,
                        orderSn: row.order.orderSn,
                        provider: row.order.provider,
                        payAmountMinor: row.order.payAmountMinor,
                        currency: row.order.currency,
                        vouchers: row.vouchers,
                        requestReason: row.reason,
                      })
                    }
                  >
                    {t('action.approveRefund')}
                  </Button>
                )}
                {canAnswer && (
                  <Button
                    size="small"
                    icon={<StopOutlined />}
                    data-testid="refund-request-reject"
                    onClick={() => setRejectTarget({ id: row.order.id, orderSn: row.order.orderSn, playerReason: row.reason })}
                  >
                    {t('action.rejectRequest')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <RefundOrderDialog target={refundTarget} onClose={() => setRefundTarget(null)} />
      <RejectRefundRequestDialog target={rejectTarget} onClose={() => setRejectTarget(null)} />
    </>
  );
}

function SecondPaymentsQueue() {
  const { t } = useTranslation('orders');
  const paging = usePaging();
  const [status, setStatus] = useState<DuplicatePaymentView['status'] | undefined>(undefined);
  const list = useSecondPayments(status, paging.cursor, paging.pageSize);
  const canRefund = useCan(Permission.ORDERS_REFUND);
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text type="secondary">{t('queues.secondPaymentsHint')}</Typography.Text>
        <Select<DuplicatePaymentView['status'] | 'unrefunded'>
          value={status ?? 'unrefunded'}
          style={{ width: 220 }}
          onChange={(value) => setStatus(value === 'unrefunded' ? undefined : value)}
          data-testid="second-payments-status"
          options={[
            { value: 'unrefunded', label: t('secondPayments.unrefunded') },
            ...(['open', 'refund_pending', 'refund_failed', 'refunded'] as const).map((value) => ({ value, label: t(`secondPayments.states.${value}`) })),
          ]}
        />
      </Space>
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      <Table<SecondPaymentRow>
        locale={{ emptyText: t('queues.empty.secondPayments') }}
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        onRow={(row) => ({ 'data-testid': `second-payment-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
        pagination={false}
        footer={() => paging.pager(list.data)}
        scroll={{ x: 1100 }}
        columns={[
          { title: t('field.orderSn'), key: 'order', render: (_: unknown, row: SecondPaymentRow) => <OrderNumber orderSn={row.orderSn} id={row.orderId} /> },
          { title: t('secondPayments.orderStatus'), key: 'orderStatus', render: (_: unknown, row: SecondPaymentRow) => <OrderStatusTag status={row.orderStatus} /> },
          { title: t('field.player'), key: 'player', render: (_: unknown, row: SecondPaymentRow) => <Link to={`/players/${row.userId}`}>{row.playerEmail ?? `#${row.userId}`}</Link> },
          { title: t('field.provider'), key: 'provider', render: (_: unknown, row: SecondPaymentRow) => t(`provider.${row.provider}`, { defaultValue: row.provider }) },
          { title: t('secondPayments.paymentId'), key: 'paymentId', render: (_: unknown, row: SecondPaymentRow) => <Typography.Text copyable>{row.paymentId}</Typography.Text> },
          { title: t('field.amount'), key: 'amount', align: 'right' as const, render: (_: unknown, row: SecondPaymentRow) => formatMoney(row.amountMinor, row.currency) },
          {
            title: t('field.status'),
            key: 'status',
            render: (_: unknown, row: SecondPaymentRow) => (
              <Space orientation="vertical" size={0}>
                <Tag color={row.status === 'refund_failed' ? 'red' : row.status === 'refunded' ? 'green' : row.status === 'refund_pending' ? 'blue' : 'orange'}>
                  {t(`secondPayments.states.${row.status}`)}
                </Tag>
                {row.lastError && <Typography.Text type="danger">{row.lastError}</Typography.Text>}
              </Space>
            ),
          },
          { title: t('field.created'), key: 'created', render: (_: unknown, row: SecondPaymentRow) => formatDateTime(row.createdAt) },
          { title: '', key: 'action', fixed: 'right' as const, render: (_: unknown, row: SecondPaymentRow) => (canRefund ? <SecondPaymentRefundButton payment={row} /> : null) },
        ]}
      />
    </>
  );
}

function ReconciliationQueue() {
  const { t } = useTranslation('orders');
  const paging = usePaging();
  const list = useReconciliationQueue(paging.cursor, paging.pageSize);
  const columns = orderColumns(t);
  const data = list.data;
  return (
    <>
      {data && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('reconciliation.schedule', {
            next: formatDateTime(data.nextSweepAt),
            minutes: Math.max(1, Math.round(data.intervalSeconds / 60)),
            minAge: Math.round(data.minAgeSeconds / 60),
            hours: data.lookbackHours,
          })}
          data-testid="reconciliation-schedule"
        />
      )}
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      <Table<ReconciliationRow>
        locale={{ emptyText: t('queues.empty.reconciliation') }}
        rowKey={(row) => `${row.order.id}-${row.reason}`}
        size="middle"
        loading={list.isFetching}
        dataSource={data?.rows ?? []}
        onRow={(row) => rowTestId(row.order.orderSn)}
        pagination={false}
        footer={() => paging.pager(data)}
        scroll={{ x: 1200 }}
        columns={[
          columns.order,
          columns.status,
          columns.provider,
          columns.amount,
          { title: t('reconciliation.reason'), key: 'reason', render: (_: unknown, row: ReconciliationRow) => <Tag>{t(`reconciliation.reasons.${row.reason}`)}</Tag> },
          { title: t('reconciliation.since'), key: 'since', render: (_: unknown, row: ReconciliationRow) => formatDateTime(row.since) },
          {
            title: t('reconciliation.next'),
            key: 'next',
            render: (_: unknown, row: ReconciliationRow) => (
              <Space orientation="vertical" size={0}>
                <span>{t(`reconciliation.steps.${row.nextStep}`, { provider: row.order.provider ? t(`provider.${row.order.provider}`, { defaultValue: row.order.provider }) : '—' })}</span>
                {row.nextAt && <Typography.Text type="secondary">{t('reconciliation.at', { at: formatDateTime(row.nextAt) })}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: t('reconciliation.lastCheck'),
            key: 'last',
            render: (_: unknown, row: ReconciliationRow) => (
              <Space orientation="vertical" size={0}>
                <span>{formatDateTime(row.lastCheckAt)}</span>
                {row.lastError && <Typography.Text type="danger">{row.lastError}</Typography.Text>}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
