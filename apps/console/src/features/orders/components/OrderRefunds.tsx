import { Card, Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleOrderDetail } from '@shop/contract/console/orders';
import type { DuplicatePaymentView } from '@shop/contract/ops';
import { formatDateTime, formatMoney } from '../../../shared/ui/format';
import { OrderStatusTag } from './OrderStatusTag';
import { SecondPaymentRefundButton } from './SecondPaymentRefundButton';

type Detail = ConsoleOrderDetail;

/** The player's refund request, the refund itself, and second payments of the order (each refundable). */
export function OrderRefunds({ detail, canRefund }: { detail: Detail; canRefund: boolean }) {
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
