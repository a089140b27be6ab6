import { Card, Col, Row, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { RefundTotals, RefundsReport } from '@shop/contract/console/reports';
import { formatAmount } from '../lib/report-format';
import { REFUND_STATUS_COLORS } from '../lib/refund-status';

/** The refunds of the range added up: how many, what went back per currency (completed ones), and per currency and status. */
export function RefundsTotals({ report }: { report: RefundsReport }) {
  const { t } = useTranslation('reports');
  const money = (minor: number, currency: string) => formatAmount(minor, currency, report.currencyDigits);
  const completed = report.totals.filter((totals) => totals.status === 'completed');
  const columns: ColumnsType<RefundTotals> = [
    { title: t('table.currency'), dataIndex: 'currency', key: 'currency', render: (currency: string) => <Tag>{currency}</Tag> },
    { title: t('refunds.columns.status'), dataIndex: 'status', key: 'status', render: (status: RefundTotals['status']) => <Tag color={REFUND_STATUS_COLORS[status]}>{t(`refunds.status.${status}`)}</Tag> },
    { title: t('refunds.columns.count'), dataIndex: 'count', key: 'count', align: 'right' },
    { title: t('refunds.columns.amount'), key: 'amount', align: 'right', render: (_, row) => money(row.amount, row.currency) },
    { title: t('refunds.columns.baseAmount', { currency: report.baseCurrency }), key: 'baseAmount', align: 'right', render: (_, row) => money(row.baseAmount, report.baseCurrency) },
    { title: t('refunds.columns.vouchersTakenBack'), dataIndex: 'vouchersTakenBack', key: 'taken', align: 'right' },
    { title: t('refunds.columns.vouchersUnrecovered'), dataIndex: 'vouchersUnrecovered', key: 'unrecovered', align: 'right', render: (value: number) => (value ? <Typography.Text type="danger">{value}</Typography.Text> : 0) },
  ];
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={6} xl={4}>
          <Card>
            <div data-testid="refunds-total-count" data-value={report.total}>
              <Statistic title={t('refunds.listTitle')} value={report.total} />
            </div>
          </Card>
        </Col>
        {completed.map((totals) => (
          <Col key={totals.currency} xs={24} md={9} xl={6}>
            <Card>
              <div data-testid={`refunds-total-amount-${totals.currency}`} data-value={totals.amount}>
                <Statistic title={t('refunds.completedIn', { currency: totals.currency })} value={money(totals.amount, totals.currency)} />
              </div>
              <Typography.Text type="secondary">{t('summary.refundCount', { count: totals.count })}</Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={t('refunds.totalsTitle')}>
        <Table<RefundTotals> data-testid="refunds-totals" size="small" rowKey={(row) => `${row.currency}|${row.status}`} columns={columns} dataSource={report.totals} pagination={false} />
      </Card>
    </>
  );
}
