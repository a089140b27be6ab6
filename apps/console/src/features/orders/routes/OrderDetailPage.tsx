import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Result, Space, Spin, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Permission } from '@shop/contract/console/access';
import type { ConsoleOrderDetail } from '@shop/contract/console/orders';
import type { DuplicatePaymentView } from '@shop/contract/ops';
import { ApiError } from '../../../shared/api/client';
import { useCan } from '../../../shared/auth/use-me';
import { formatDateTime, formatMoney } from '../../../shared/ui/format';
import { useOrderDetail } from '../api/order-detail';
import { JsonBlock } from '../components/JsonBlock';
import { OrderStatusTag } from '../components/OrderStatusTag';
import { RefundOrderDialog, type RefundTarget } from '../components/RefundOrderDialog';
import { RejectRefundRequestDialog, type RejectTarget } from '../components/RejectRefundRequestDialog';
import { SecondPaymentRefundButton } from '../components/SecondPaymentRefundButton';
import { useConfirmRetry } from '../components/use-confirm-retry';

type Detail = ConsoleOrderDetail;

/** One order: header, actions (each confirmed), and tabs for items, history, payments, deliveries, refunds, vouchers. */
export default function OrderDetailPage() {
  const { t } = useTranslation('orders');
  const { t: tApp } = useTranslation();
  const id = Number(useParams().id);
  const detail = useOrderDetail(id);
  const canRefund = useCan(Permission.ORDERS_REFUND);
  const canRetry = useCan(Permission.ORDERS_RETRY_DELIVERY);
  const canAnswer = useCan(Permission.REFUND_REQUESTS_ANSWER);
  const retry = useConfirmRetry();
  const [refundTarget, setRefundTarget] = useState<RefundTarget | null>(null);
  const [rejectTarget, setRejectTarget] = useState<RejectTarget | null>(null);

  const back = (
    <Link to="/orders">
      <ArrowLeftOutlined /> {t('detail.back')}
    </Link>
  );
  if (!Number.isSafeInteger(id) || id <= 0 || (detail.error instanceof ApiError && detail.error.code === 404)) {
    return <Result status="404" title={t('detail.notFound')} extra={back} />;
  }
  if (detail.isError) return <Result status="error" title={detail.error.message} extra={back} />;
  if (!detail.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const data = detail.data;
  const { order } = data;
  const request = data.refundRequest;
  const lastDeliveryError = [...data.deliveries].reverse().find((delivery) => delivery.kind === 'deliver' && delivery.lastError)?.lastError;
  const openRefund = (requestReason?: string | null) =>
    setRefundTarget({
      id: order.id,
      orderSn: order.orderSn,
      provider: order.provider,
      payAmountMinor: order.payAmountMinor,
      currency: order.currency,
      vouchers: data.vouchers,
      ...(requestReason !== undefined ? { requestReason } : {}),
    });

  const actions = (
    <Space wrap>
      {canRetry && data.actions.retryDelivery && (
        <Button icon={<ReloadOutlined />} onClick={() => retry.confirm(order)} loading={retry.pending} data-testid="order-retry-delivery">
          {t('action.retryDelivery')}
        </Button>
      )}
      {canAnswer && data.actions.answerRefundRequest && (
        <Button icon={<StopOutlined />} onClick={() => setRejectTarget({ id: order.id, orderSn: order.orderSn, playerReason: request?.reason ?? null })} data-testid="refund-request-reject">
          {t('action.rejectRequest')}
        </Button>
      )}
      {canRefund && data.actions.refund && (
        <Button
          danger
          type="primary"
          icon={<RollbackOutlined />}
          onClick={() => openRefund(data.actions.answerRefundRequest ? (request?.reason ?? null) : undefined)}
          data-testid="order-refund"
        >
          {t(data.actions.answerRefundRequest ? 'action.approveRefund' : 'action.refund')}
        </Button>
      )}
      <Button icon={<ReloadOutlined />} onClick={() => void detail.refetch()} loading={detail.isFetching} data-testid="order-reload">
        {tApp('common.refresh')}
      </Button>
    </Space>
  );

  const header = [
    { key: 'orderSn', label: t('field.orderSn'), children: <Typography.Text copyable style={{ fontFamily: 'monospace' }}>{order.orderSn}</Typography.Text> },
    { key: 'tail', label: t('field.tail'), children: <Typography.Text strong copyable data-testid="order-tail">{order.orderSn.slice(12)}</Typography.Text> },
    { key: 'status', label: t('field.status'), children: <OrderStatusTag status={order.status} testId="order-status" /> },
    {
      key: 'amount',
      label: t('field.amount'),
      children: (
        <span data-testid="order-amount">
          {formatMoney(order.payAmountMinor, order.currency)}
          {order.totalAmountMinor !== order.payAmountMinor && <Typography.Text type="secondary"> / {formatMoney(order.totalAmountMinor, order.currency)}</Typography.Text>}
          <Typography.Text type="secondary"> ({t('detail.minorUnits', { minor: order.payAmountMinor, currency: order.currency })})</Typography.Text>
        </span>
      ),
    },
    { key: 'provider', label: t('field.provider'), children: order.provider ? t(`provider.${order.provider}`, { defaultValue: order.provider }) : '—' },
    { key: 'channel', label: t('field.channel'), children: order.payMethodName ? `${order.payMethodName} (${order.payMethodId ?? '—'})` : '—' },
    { key: 'session', label: t('field.providerSession'), children: order.thirdOrderId ? <Typography.Text copyable>{order.thirdOrderId}</Typography.Text> : '—' },
    { key: 'source', label: t('field.source'), children: t(`source.${order.orderSource}`, { defaultValue: order.orderSource }) },
    {
      key: 'player',
      label: t('field.player'),
      children: (
        <Space size={4}>
          <Link to={`/players/${data.player.userId}`} data-testid="order-player-link">
            {data.player.email ?? data.player.mobile ?? `#${data.player.userId}`}
          </Link>
          {data.player.blocked && <Tag color="red">{t('detail.blocked')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'role',
      label: t('field.role'),
      children: order.role ? `${order.role.roleName || '—'} · ${t('detail.roleIds', { roleId: order.role.roleId, serverId: order.role.serverId, accountId: order.role.accountId })}` : '—',
    },
    { key: 'game', label: t('field.game'), children: `${order.gameName ?? ''} (${order.appId})` },
    { key: 'region', label: t('field.region'), children: [order.regionCode, order.selectedRegionCode].filter(Boolean).join(' / ') || '—' },
    { key: 'created', label: t('field.created'), children: formatDateTime(order.createdAt) },
    { key: 'paid', label: t('field.paid'), children: formatDateTime(order.paidAt) },
    { key: 'expires', label: t('field.expires'), children: formatDateTime(order.expiresAt) },
    // a voucher pack is not sent to the game: its vouchers are credited when the order completes (the 'delivered' event)
    order.orderSource === 'voucher'
      ? { key: 'delivered', label: t('field.credited'), children: formatDateTime(data.history.find((change) => change.event === 'delivered')?.createdAt ?? null) }
      : { key: 'delivered', label: t('field.delivered'), children: formatDateTime(order.deliveredAt) },
    { key: 'updated', label: t('field.updated'), children: formatDateTime(order.updatedAt) },
    ...(order.deletedAt ? [{ key: 'deleted', label: t('field.deletedByPlayer'), children: formatDateTime(order.deletedAt) }] : []),
  ];

  const tabs = [
    { key: 'items', label: t('tab.items', { count: data.items.length }), children: <ItemsTable detail={data} /> },
    { key: 'history', label: t('tab.history', { count: data.history.length }), children: <History detail={data} /> },
    { key: 'payments', label: t('tab.payments', { count: data.paymentEvents.length }), children: <PaymentEvents detail={data} /> },
    { key: 'deliveries', label: t('tab.deliveries', { count: data.deliveries.length }), children: <Deliveries detail={data} /> },
    {
      key: 'refunds',
      label: t('tab.refunds', { count: (request ? 1 : 0) + (data.refund ? 1 : 0) + data.secondPayments.length }),
      children: <Refunds detail={data} canRefund={canRefund} />,
    },
    { key: 'vouchers', label: t('tab.vouchers', { count: data.ledger.length }), children: <Vouchers detail={data} /> },
    { key: 'actions', label: t('tab.actions', { count: data.operatorActions.length }), children: <OperatorActions detail={data} /> },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {back}
      <Card
        title={
          <Space>
            {t('detail.title', { tail: order.orderSn.slice(12) })}
            <OrderStatusTag status={order.status} />
          </Space>
        }
        extra={actions}
      >
        {order.status === 8 && (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('detail.deliveryError')} description={lastDeliveryError ?? undefined} data-testid="order-delivery-error" />
        )}
        {request?.status === 'requested' && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('detail.refundRequested', { at: formatDateTime(request.createdAt) })} description={request.reason ?? undefined} />
        )}
        {data.refund && data.refund.status !== 'completed' && (
          <Alert
            type={data.refund.status === 'failed' ? 'error' : 'info'}
            showIcon
            style={{ marginBottom: 16 }}
            title={t(`refund.state.${data.refund.status}`)}
            description={data.refund.lastError ?? undefined}
            data-testid="order-refund-state"
          />
        )}
        <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={header} />
      </Card>
      <Card>
        <Tabs items={tabs} />
      </Card>
      <RefundOrderDialog target={refundTarget} onClose={() => setRefundTarget(null)} />
      <RejectRefundRequestDialog target={rejectTarget} onClose={() => setRejectTarget(null)} />
    </Space>
  );
}

function ItemsTable({ detail }: { detail: Detail }) {
  const { t } = useTranslation('orders');
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={detail.items}
      columns={[
        { title: t('item.product'), key: 'product', render: (_: unknown, item: Detail['items'][number]) => <ItemProduct item={item} language={detail.order.language} /> },
        { title: t('item.type'), key: 'type', render: (_: unknown, item: Detail['items'][number]) => t(`goodsType.${item.goodsType}`, { defaultValue: String(item.goodsType) }) },
        { title: t('item.quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right' as const },
        { title: t('item.price'), key: 'price', align: 'right' as const, render: (_: unknown, item: Detail['items'][number]) => formatMoney(item.priceMinor, item.currency) },
        { title: t('item.originalPrice'), key: 'original', align: 'right' as const, render: (_: unknown, item: Detail['items'][number]) => formatMoney(item.originalPriceMinor, item.currency) },
        { title: t('item.vouchers'), dataIndex: 'voucherAmount', key: 'vouchers', align: 'right' as const },
      ]}
    />
  );
}

/** The product's English name with its id and the version sold; the name the player read when it differs (another language, or renamed since). */
function ItemProduct({ item, language }: { item: Detail['items'][number]; language: string }) {
  const { t } = useTranslation('orders');
  return (
    <Space orientation="vertical" size={0}>
      <span>{t('item.productRef', { name: item.name, id: item.productId, version: item.productVersion })}</span>
      {item.orderedName !== item.name && (
        <Typography.Text type="secondary" data-testid="item-ordered-name">
          {t('item.orderedAs', { name: item.orderedName, language })}
        </Typography.Text>
      )}
    </Space>
  );
}

function History({ detail }: { detail: Detail }) {
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

function PaymentEvents({ detail }: { detail: Detail }) {
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

function Deliveries({ detail }: { detail: Detail }) {
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

function Refunds({ detail, canRefund }: { detail: Detail; canRefund: boolean }) {
  const { t } = useTranslation('orders');
  const request = detail.refundRequest;
  const refund = detail.refund;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card size="small" title={t('refundRequest.title')}>
        {request ? (
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'status', label: t('field.status'), children: <Tag data-testid="refund-request-status">{t(`refundRequest.states.${request.status}`)}</Tag> },
              { key: 'at', label: t('field.created'), children: formatDateTime(request.createdAt) },
              { key: 'reason', label: t('refundRequest.playerReason'), children: request.reason ?? '—' },
              { key: 'orderStatus', label: t('refundRequest.orderStatus'), children: <OrderStatusTag status={request.orderStatus} /> },
              ...(request.rejection
                ? [
                    { key: 'by', label: t('refundRequest.rejectedBy'), children: `${request.rejection.by} · ${formatDateTime(request.rejection.at)}` },
                    { key: 'answer', label: t('refundRequest.answer'), children: request.rejection.reason ?? '—' },
                  ]
                : []),
            ]}
          />
        ) : (
          <Empty description={t('refundRequest.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>
      <Card size="small" title={t('refund.section')}>
        {refund ? (
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'status', label: t('field.status'), children: <Tag color={refund.status === 'completed' ? 'green' : refund.status === 'failed' ? 'red' : 'blue'}>{t(`refund.state.${refund.status}`)}</Tag> },
              { key: 'amount', label: t('field.amount'), children: formatMoney(refund.amountMinor, refund.currency) },
              { key: 'provider', label: t('field.provider'), children: refund.provider },
              { key: 'providerRefundId', label: t('refund.providerRefundId'), children: refund.providerRefundId ?? '—' },
              { key: 'initiatedBy', label: t('refund.initiatedBy'), children: t(`refund.by.${refund.initiatedBy}`) },
              { key: 'reason', label: t('refund.reasonLabel'), children: refund.reason ?? '—' },
              { key: 'vouchers', label: t('refund.vouchers'), children: t('refund.voucherOutcome', { taken: refund.vouchersTakenBack, unrecovered: refund.vouchersUnrecovered }) },
              { key: 'revoke', label: t('refund.gameRevoke'), children: refund.gameRevokeStatus ? t(`refund.revoke.${refund.gameRevokeStatus}`) : '—' },
              { key: 'created', label: t('field.created'), children: formatDateTime(refund.createdAt) },
              { key: 'completed', label: t('refund.completedAt'), children: formatDateTime(refund.completedAt) },
              ...(refund.lastError ? [{ key: 'error', label: t('refund.lastError'), children: <Typography.Text type="danger">{refund.lastError}</Typography.Text> }] : []),
            ]}
          />
        ) : (
          <Empty description={t('refund.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>
      <Card size="small" title={t('secondPayments.title')}>
        <Table<DuplicatePaymentView>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={detail.secondPayments}
          locale={{ emptyText: t('secondPayments.none') }}
          columns={[
            { title: t('field.provider'), dataIndex: 'provider', key: 'provider' },
            { title: t('secondPayments.paymentId'), dataIndex: 'paymentId', key: 'paymentId' },
            { title: t('field.amount'), key: 'amount', render: (_: unknown, row: DuplicatePaymentView) => formatMoney(row.amountMinor, row.currency) },
            { title: t('field.status'), key: 'status', render: (_: unknown, row: DuplicatePaymentView) => <Tag>{t(`secondPayments.states.${row.status}`)}</Tag> },
            { title: t('refund.lastError'), dataIndex: 'lastError', key: 'lastError', render: (error: string | null) => error ?? '—' },
            {
              title: '',
              key: 'action',
              render: (_: unknown, row: DuplicatePaymentView) => (canRefund ? <SecondPaymentRefundButton payment={row} /> : null),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

function Vouchers({ detail }: { detail: Detail }) {
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

function OperatorActions({ detail }: { detail: Detail }) {
  const { t } = useTranslation('orders');
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={detail.operatorActions}
      locale={{ emptyText: t('audit.none') }}
      expandable={{
        expandedRowRender: (entry) => (
          <Space align="start" wrap>
            <div>
              <Typography.Text type="secondary">{t('audit.before')}</Typography.Text>
              <JsonBlock value={entry.before} />
            </div>
            <div>
              <Typography.Text type="secondary">{t('audit.after')}</Typography.Text>
              <JsonBlock value={entry.after} />
            </div>
          </Space>
        ),
      }}
      columns={[
        { title: t('field.created'), key: 'at', width: 170, render: (_: unknown, entry: Detail['operatorActions'][number]) => formatDateTime(entry.createdAt) },
        { title: t('audit.actor'), dataIndex: 'actor', key: 'actor' },
        {
          title: t('audit.action'),
          key: 'action',
          render: (_: unknown, entry: Detail['operatorActions'][number]) => t(`audit.actions.${entry.action.replace(/\./g, '_')}`, { defaultValue: entry.action }),
        },
      ]}
    />
  );
}
