import { useState } from 'react';
import { Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Permission } from '@shop/contract/console/access';
import type { consoleSecondPayments } from '@shop/contract/console/orders';
import type { DuplicatePaymentView } from '@shop/contract/ops';
import type { RouteData } from '@shop/contract/route';
import { useCan } from '../../../shared/auth/use-me';
import { useCursorPaging } from '../../../shared/hooks/use-cursor-paging';
import { formatDateTime, formatMoney } from '../../../shared/ui/format';
import { useSecondPayments } from '../api/second-payments';
import { secondPaymentColor } from '../lib/second-payments';
import { providerLabel } from './order-columns';
import { OrderNumber } from './OrderNumber';
import { OrderStatusTag } from './OrderStatusTag';
import { QUEUE_PAGE_SIZE, QueueTable } from './QueueTable';
import { SecondPaymentRefundButton } from './SecondPaymentRefundButton';

type SecondPaymentRow = RouteData<typeof consoleSecondPayments>['rows'][number];
type Status = DuplicatePaymentView['status'];

/** Second payments of an order (a player paid twice): by state, not yet refunded by default; refund one (confirmed). */
export function SecondPaymentsQueue() {
  const { t } = useTranslation('orders');
  const paging = useCursorPaging(QUEUE_PAGE_SIZE);
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const list = useSecondPayments(status, paging.cursor, paging.pageSize);
  const canRefund = useCan(Permission.ORDERS_REFUND);
  const columns: ColumnsType<SecondPaymentRow> = [
    { title: t('field.orderSn'), key: 'order', width: 230, render: (_, row) => <OrderNumber orderSn={row.orderSn} id={row.orderId} /> },
    { title: t('secondPayments.orderStatus'), key: 'orderStatus', width: 160, ellipsis: true, render: (_, row) => <OrderStatusTag status={row.orderStatus} /> },
    { title: t('field.player'), key: 'player', width: 180, ellipsis: true, render: (_, row) => <Link to={`/players/${row.userId}`}>{row.playerEmail ?? `#${row.userId}`}</Link> },
    { title: t('field.provider'), key: 'provider', width: 110, ellipsis: true, render: (_, row) => providerLabel(t, row) },
    { title: t('secondPayments.paymentId'), key: 'paymentId', width: 200, ellipsis: true, render: (_, row) => <Typography.Text copyable>{row.paymentId}</Typography.Text> },
    { title: t('field.amount'), key: 'amount', width: 115, align: 'right', render: (_, row) => formatMoney(row.amountMinor, row.currency) },
    {
      title: t('field.status'),
      key: 'status',
      width: 200,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Tag color={secondPaymentColor(row.status)}>{t(`secondPayments.states.${row.status}`)}</Tag>
          {row.lastError && <Typography.Text type="danger">{row.lastError}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('field.created'), key: 'created', width: 165, render: (_, row) => formatDateTime(row.createdAt) },
    { title: '', key: 'action', fixed: 'right', width: 150, render: (_, row) => (canRefund ? <SecondPaymentRefundButton payment={row} /> : null) },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text type="secondary">{t('queues.secondPaymentsHint')}</Typography.Text>
        <Select<Status | 'unrefunded'>
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
      <QueueTable<SecondPaymentRow>
        list={list}
        paging={paging}
        columns={columns}
        rowKey={(row) => row.id}
        rowTestId={(row) => `second-payment-row-${row.id}`}
        emptyText={t('queues.empty.secondPayments')}
      />
    </>
  );
}
