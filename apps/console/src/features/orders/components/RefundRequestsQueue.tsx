import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission } from '@shop/contract/console/access';
import type { consoleRefundRequests } from '@shop/contract/console/orders';
import type { RouteData } from '@shop/contract/route';
import { useCan } from '../../../shared/auth/use-me';
import { useCursorPaging } from '../../../shared/hooks/use-cursor-paging';
import { formatDateTime } from '../../../shared/ui/format';
import { useRefundRequests } from '../api/refund-requests';
import { orderColumns } from './order-columns';
import { QUEUE_PAGE_SIZE, QueueTable } from './QueueTable';
import { RefundOrderDialog, type RefundTarget } from './RefundOrderDialog';
import { RejectRefundRequestDialog, type RejectTarget } from './RejectRefundRequestDialog';

type RefundRequestRow = RouteData<typeof consoleRefundRequests>['rows'][number];

const refundTargetOf = (row: RefundRequestRow): RefundTarget => ({
  id: row.order.id,
  orderSn: row.order.orderSn,
  provider: row.order.provider,
  payAmountMinor: row.order.payAmountMinor,
  currency: row.order.currency,
  vouchers: row.vouchers,
  requestReason: row.reason,
});

/** Players' refund requests: approve (refund through the provider) or reject with an answer, each in a dialog. */
export function RefundRequestsQueue() {
  const { t } = useTranslation('orders');
  const paging = useCursorPaging(QUEUE_PAGE_SIZE);
  const list = useRefundRequests(paging.cursor, paging.pageSize);
  const canRefund = useCan(Permission.ORDERS_REFUND);
  const canAnswer = useCan(Permission.REFUND_REQUESTS_ANSWER);
  const [refundTarget, setRefundTarget] = useState<RefundTarget | null>(null);
  const [rejectTarget, setRejectTarget] = useState<RejectTarget | null>(null);
  const common = orderColumns<RefundRequestRow>(t, (row) => row.order);
  const columns: ColumnsType<RefundRequestRow> = [
    common.order,
    common.status,
    common.amount,
    common.provider,
    common.player,
    {
      title: t('refundRequest.playerReason'),
      key: 'reason',
      width: 220,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.reason ?? '—'}</span>
          {row.vouchers.spent > 0 && <Typography.Text type="warning">{t('refund.vouchersSpentShort', { spent: row.vouchers.spent, credited: row.vouchers.credited })}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('refundRequest.requestedAt'), key: 'at', width: 165, render: (_, row) => formatDateTime(row.requestedAt) },
    {
      title: '',
      key: 'actions',
      fixed: 'right',
      width: 250,
      render: (_, row) => (
        <Space>
          {canRefund && row.refundable && (
            <Button size="small" danger type="primary" icon={<RollbackOutlined />} data-testid="order-refund" onClick={() => setRefundTarget(refundTargetOf(row))}>
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
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">{t(canRefund ? 'queues.refundRequestsHint' : 'queues.refundRequestsHintSupport')}</Typography.Paragraph>
      <QueueTable<RefundRequestRow>
        list={list}
        paging={paging}
        columns={columns}
        rowKey={(row) => row.order.id}
        rowTestId={(row) => `order-row-${row.order.orderSn}`}
        emptyText={t('queues.empty.refundRequests')}
      />
      <RefundOrderDialog target={refundTarget} onClose={() => setRefundTarget(null)} />
      <RejectRefundRequestDialog target={rejectTarget} onClose={() => setRejectTarget(null)} />
    </>
  );
}
