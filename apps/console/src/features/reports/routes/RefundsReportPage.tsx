import { useMemo } from 'react';
import { Alert, App, Button, Card, Col, Form, Input, Row, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RefundInitiator, RefundProvider, RefundStatus, refundsReportQuery, type RefundReportEntry, type RefundTotals } from '@shop/contract/console/reports';
import { formatDateTime } from '../../../shared/ui/format';
import { useShowError } from '../../../shared/ui/errors';
import { useExportRefundsCsv } from '../api/export-refunds-csv';
import { useRefundsReport } from '../api/refunds-report';
import { RangeField } from '../components/RangeField';
import { formatAmount, reportQueryOf, toParams } from '../components/report-format';
import { CursorPager } from '../../../shared/ui/CursorPager';

const STATUS_COLORS: Record<RefundReportEntry['status'], string> = { completed: 'green', pending: 'gold', failed: 'red' };

/** The refunds of a range: what went back per currency and status, vouchers taken back or lost, and every refund. */
export default function RefundsReportPage() {
  const { t } = useTranslation('reports');
  const { message } = App.useApp();
  const showError = useShowError();
  const [params, setParams] = useSearchParams();
  // The cursor stays the server's text (the schema would decode it); the filters come from the address, checked.
  const cursor = params.get('cursor') ?? undefined;
  const query = useMemo(() => {
    const { cursor: _cursor, ...filters } = reportQueryOf(refundsReportQuery, params);
    return filters;
  }, [params]);
  const report = useRefundsReport({ ...query, cursor });
  const exportCsv = useExportRefundsCsv();
  /** A filter change starts again at page 1. */
  const update = (changes: Partial<typeof query>) => setParams(toParams({ ...query, ...changes }), { replace: true });
  const all = t('filters.all');
  const digits = report.data?.currencyDigits ?? {};
  const money = (minor: number, currency: string) => formatAmount(minor, currency, digits);
  const completed = (report.data?.totals ?? []).filter((totals) => totals.status === 'completed');

  const totalsColumns: ColumnsType<RefundTotals> = [
    { title: t('table.currency'), dataIndex: 'currency', key: 'currency', render: (currency: string) => <Tag>{currency}</Tag> },
    { title: t('refunds.columns.status'), dataIndex: 'status', key: 'status', render: (status: RefundTotals['status']) => <Tag color={STATUS_COLORS[status]}>{t(`refunds.status.${status}`)}</Tag> },
    { title: t('refunds.columns.count'), dataIndex: 'count', key: 'count', align: 'right' },
    { title: t('refunds.columns.amount'), key: 'amount', align: 'right', render: (_, row) => money(row.amount, row.currency) },
    { title: t('refunds.columns.vouchersTakenBack'), dataIndex: 'vouchersTakenBack', key: 'taken', align: 'right' },
    { title: t('refunds.columns.vouchersUnrecovered'), dataIndex: 'vouchersUnrecovered', key: 'unrecovered', align: 'right', render: (value: number) => (value ? <Typography.Text type="danger">{value}</Typography.Text> : 0) },
  ];

  const columns: ColumnsType<RefundReportEntry> = [
    { title: t('refunds.columns.date'), key: 'date', width: 170, render: (_, row) => formatDateTime(row.completedAt ?? row.createdAt) },
    { title: t('refunds.columns.orderSn'), dataIndex: 'orderSn', key: 'orderSn', render: (orderSn: string) => <Typography.Text copyable>{orderSn}</Typography.Text> },
    { title: t('refunds.columns.game'), dataIndex: 'gameName', key: 'game' },
    { title: t('refunds.columns.source'), dataIndex: 'orderSource', key: 'source', render: (source: string) => t(`source.${source}`, { defaultValue: source }) },
    { title: t('refunds.columns.provider'), dataIndex: 'provider', key: 'provider', render: (provider: string) => t(`provider.${provider}`, { defaultValue: provider }) },
    { title: t('refunds.columns.status'), dataIndex: 'status', key: 'status', render: (status: RefundReportEntry['status']) => <Tag color={STATUS_COLORS[status]}>{t(`refunds.status.${status}`)}</Tag> },
    { title: t('refunds.columns.initiatedBy'), dataIndex: 'initiatedBy', key: 'initiatedBy', render: (by: RefundReportEntry['initiatedBy']) => t(`refunds.initiatedBy.${by}`) },
    { title: t('refunds.columns.amount'), key: 'amount', align: 'right', render: (_, row) => money(row.amount, row.currency) },
    { title: t('refunds.columns.vouchersTakenBack'), dataIndex: 'vouchersTakenBack', key: 'taken', align: 'right' },
    { title: t('refunds.columns.vouchersUnrecovered'), dataIndex: 'vouchersUnrecovered', key: 'unrecovered', align: 'right', render: (value: number) => (value ? <Typography.Text type="danger">{value}</Typography.Text> : 0) },
    { title: t('refunds.columns.reason'), dataIndex: 'reason', key: 'reason', ellipsis: true, render: (reason: string | null) => reason ?? '—' },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label={t('filters.range')}>
            <RangeField from={query.from} to={query.to} onChange={(range) => update(range)} />
          </Form.Item>
          <Form.Item label={t('filters.status')}>
            <Select
              data-testid="refunds-filter-status"
              style={{ width: 130 }}
              allowClear
              placeholder={all}
              value={query.status}
              onChange={(status) => update({ status })}
              options={RefundStatus.options.map((value) => ({ value, label: t(`refunds.status.${value}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('filters.provider')}>
            <Select
              data-testid="refunds-filter-provider"
              style={{ width: 170 }}
              allowClear
              placeholder={all}
              value={query.provider}
              onChange={(provider) => update({ provider })}
              options={RefundProvider.options.map((value) => ({ value, label: t(`provider.${value}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('filters.initiatedBy')}>
            <Select
              data-testid="refunds-filter-initiated-by"
              style={{ width: 130 }}
              allowClear
              placeholder={all}
              value={query.initiatedBy}
              onChange={(initiatedBy) => update({ initiatedBy })}
              options={RefundInitiator.options.map((value) => ({ value, label: t(`refunds.initiatedBy.${value}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('filters.currency')}>
            <Input
              data-testid="refunds-filter-currency"
              style={{ width: 90 }}
              allowClear
              maxLength={3}
              placeholder={all}
              defaultValue={query.currency}
              key={query.currency ?? ''}
              onBlur={(event) => update({ currency: /^[a-z]{3}$/i.test(event.target.value) ? event.target.value.toUpperCase() : undefined })}
              onPressEnter={(event) => event.currentTarget.blur()}
            />
          </Form.Item>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            data-testid="refunds-export-csv"
            loading={exportCsv.isPending}
            onClick={() => {
              const { pageSize: _pageSize, ...filters } = query;
              exportCsv.mutate(filters, { onSuccess: () => void message.success(t('exported')), onError: showError });
            }}
          >
            {t('exportCsv')}
          </Button>
        </Form>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('refunds.note')}
        </Typography.Text>
      </Card>
      {report.error && <Alert type="error" showIcon title={report.error.message} data-testid="report-error" />}
      {report.data && (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={6} xl={4}>
              <Card>
                <div data-testid="refunds-total-count" data-value={report.data.total}>
                  <Statistic title={t('refunds.listTitle')} value={report.data.total} />
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
            <Table<RefundTotals>
              data-testid="refunds-totals"
              size="small"
              rowKey={(row) => `${row.currency}|${row.status}`}
              columns={totalsColumns}
              dataSource={report.data.totals}
              pagination={false}
            />
          </Card>
          <Card title={t('refunds.listTitle')}>
            <Table<RefundReportEntry>
              data-testid="refunds-table"
              size="small"
              rowKey="id"
              loading={report.isFetching}
              columns={columns}
              dataSource={report.data.entries}
              scroll={{ x: true }}
              pagination={false}
            />
            <CursorPager
              links={report.data}
              onCursor={(next) => setParams(toParams({ ...query, cursor: next }), { replace: true })}
              pageSize={query.pageSize}
              pageSizes={[20, 50, 100, 200]}
              onPageSize={(pageSize) => update({ pageSize })}
            />
          </Card>
        </>
      )}
      {!report.data && !report.error && <Card loading />}
    </Space>
  );
}
