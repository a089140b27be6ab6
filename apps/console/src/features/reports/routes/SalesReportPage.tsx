import { useMemo } from 'react';
import { Alert, App, Card, Space, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ReportGroupBy, ReportOrderSource, ReportProvider, RefundBasis, salesReportQuery, type SalesReportQuery } from '@shop/contract/console/reports';
import { useShowError } from '../../../shared/ui/errors';
import { useExportSalesCsv } from '../api/export-sales-csv';
import { useSalesReport } from '../api/sales-report';
import { ReportFilter, ReportFilters } from '../components/ReportFilters';
import { SalesChart } from '../components/SalesChart';
import { SalesSummary } from '../components/SalesSummary';
import { SalesTable } from '../components/SalesTable';
import { reportQueryOf, toParams } from '../lib/report-format';

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

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <ReportFilters
        range={{ label: report.data ? t('filters.zonedRange', { timeZone: report.data.timeZone }) : t('filters.days'), from: query.from, to: query.to, timeZone: report.data?.timeZone, onChange: update }}
        currency={{ value: query.currency, onChange: (currency) => update({ currency }), testId: 'report-filter-currency' }}
        trailing={
          <ReportFilter<RefundBasis>
            label={
              <Tooltip title={t('refundBasisHelp')}>
                {t('filters.refundBasis')} <InfoCircleOutlined />
              </Tooltip>
            }
            testId="report-refund-basis"
            width={160}
            clearable={false}
            value={query.refundBasis}
            onChange={(refundBasis) => refundBasis && update({ refundBasis })}
            options={RefundBasis.options.map((value) => ({ value, label: t(`refundBasis.${value}`) }))}
          />
        }
        csv={{ testId: 'report-export-csv', pending: exportCsv.isPending, onExport: () => exportCsv.mutate(query, { onSuccess: () => void message.success(t('exported')), onError: showError }) }}
        note={report.data ? t('zonedNote', { timeZone: report.data.timeZone }) : t('salesNote')}
        noteTestId="report-time-zone-note"
      >
        <ReportFilter<ReportGroupBy>
          label={t('filters.groupBy')}
          testId="report-group-by"
          width={140}
          clearable={false}
          value={query.groupBy}
          onChange={(groupBy) => groupBy && update({ groupBy })}
          options={ReportGroupBy.options.map((value) => ({ value, label: t(`groupBy.${value}`) }))}
        />
        <ReportFilter<number>
          label={t('filters.game')}
          testId="report-filter-game"
          width={180}
          value={query.appId}
          onChange={(appId) => update({ appId })}
          options={(report.data?.games ?? []).map((game) => ({ value: game.appId, label: `${game.name} (${game.appId})` }))}
        />
        <ReportFilter<ReportProvider>
          label={t('filters.provider')}
          testId="report-filter-provider"
          width={150}
          value={query.provider}
          onChange={(provider) => update({ provider })}
          options={ReportProvider.options.map((value) => ({ value, label: t(`provider.${value}`) }))}
        />
        <ReportFilter<ReportOrderSource>
          label={t('filters.source')}
          testId="report-filter-source"
          width={150}
          value={query.source}
          onChange={(source) => update({ source })}
          options={ReportOrderSource.options.map((value) => ({ value, label: t(`source.${value}`) }))}
        />
      </ReportFilters>
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
