import { useMemo } from 'react';
import { Alert, App, Button, Card, Form, Input, Select, Space, Tooltip, Typography } from 'antd';
import { DownloadOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ReportGroupBy, ReportOrderSource, ReportProvider, RefundBasis, salesReportQuery, type SalesReportQuery } from '@shop/contract/console/reports';
import { useShowError } from '../../../shared/ui/errors';
import { useExportSalesCsv } from '../api/export-sales-csv';
import { useSalesReport } from '../api/sales-report';
import { RangeField } from '../components/RangeField';
import { SalesChart } from '../components/SalesChart';
import { SalesSummary } from '../components/SalesSummary';
import { SalesTable } from '../components/SalesTable';
import { reportQueryOf, toParams } from '../components/report-format';

/** Finance's sales report: totals per currency, a chart by day, the table of a grouping, and the same numbers as CSV. */
export default function SalesReportPage() {
  const { t } = useTranslation('reports');
  const { message } = App.useApp();
  const showError = useShowError();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => reportQueryOf(salesReportQuery, params), [params]);
  const report = useSalesReport(query);
  const exportCsv = useExportSalesCsv();
  const update = (changes: Partial<SalesReportQuery>) => setParams(toParams({ ...query, ...changes }), { replace: true });
  const all = t('filters.all');

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label={report.data ? t('filters.zonedRange', { timeZone: report.data.timeZone }) : t('filters.days')}>
            <RangeField from={query.from} to={query.to} timeZone={report.data?.timeZone} onChange={(range) => update(range)} />
          </Form.Item>
          <Form.Item label={t('filters.groupBy')}>
            <Select<ReportGroupBy>
              data-testid="report-group-by"
              style={{ width: 140 }}
              value={query.groupBy}
              onChange={(groupBy) => update({ groupBy })}
              options={ReportGroupBy.options.map((value) => ({ value, label: t(`groupBy.${value}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('filters.game')}>
            <Select<number | undefined>
              data-testid="report-filter-game"
              style={{ width: 180 }}
              allowClear
              placeholder={all}
              value={query.appId}
              onChange={(appId) => update({ appId })}
              options={(report.data?.games ?? []).map((game) => ({ value: game.appId, label: `${game.name} (${game.appId})` }))}
            />
          </Form.Item>
          <Form.Item label={t('filters.provider')}>
            <Select<ReportProvider | undefined>
              data-testid="report-filter-provider"
              style={{ width: 150 }}
              allowClear
              placeholder={all}
              value={query.provider}
              onChange={(provider) => update({ provider })}
              options={ReportProvider.options.map((value) => ({ value, label: t(`provider.${value}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('filters.source')}>
            <Select<ReportOrderSource | undefined>
              data-testid="report-filter-source"
              style={{ width: 150 }}
              allowClear
              placeholder={all}
              value={query.source}
              onChange={(source) => update({ source })}
              options={ReportOrderSource.options.map((value) => ({ value, label: t(`source.${value}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('filters.currency')}>
            <Input
              data-testid="report-filter-currency"
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
          <Form.Item
            label={
              <Tooltip title={t('refundBasisHelp')}>
                {t('filters.refundBasis')} <InfoCircleOutlined />
              </Tooltip>
            }
          >
            <Select<RefundBasis>
              data-testid="report-refund-basis"
              style={{ width: 160 }}
              value={query.refundBasis}
              onChange={(refundBasis) => update({ refundBasis })}
              options={RefundBasis.options.map((value) => ({ value, label: t(`refundBasis.${value}`) }))}
            />
          </Form.Item>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            data-testid="report-export-csv"
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate(query, { onSuccess: () => void message.success(t('exported')), onError: showError })}
          >
            {t('exportCsv')}
          </Button>
        </Form>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }} data-testid="report-time-zone-note">
          {report.data ? t('zonedNote', { timeZone: report.data.timeZone }) : t('salesNote')}
        </Typography.Text>
      </Card>
      {report.error && <Alert type="error" showIcon title={report.error.message} data-testid="report-error" />}
      {report.data && (
        <>
          <SalesSummary report={report.data} />
          <SalesChart report={report.data} />
          <Card title={t('table.title', { groupBy: t(`groupBy.${report.data.groupBy}`).toLocaleLowerCase() })}>
            <SalesTable report={report.data} loading={report.isFetching} />
            {report.data.groupBy === 'product' && (
              <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
                {t('table.productNote')}
              </Typography.Text>
            )}
          </Card>
        </>
      )}
      {!report.data && !report.error && <Card loading />}
    </Space>
  );
}
