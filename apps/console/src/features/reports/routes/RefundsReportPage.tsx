import { useMemo } from 'react';
import { Alert, App, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RefundInitiator, RefundProvider, RefundStatus, refundsReportQuery, type RefundReportEntry } from '@shop/contract/console/reports';
import { useShowError } from '../../../shared/ui/errors';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { useExportRefundsCsv } from '../api/export-refunds-csv';
import { useRefundsReport } from '../api/refunds-report';
import { refundEntryColumns } from '../components/refund-entry-columns';
import { RefundsTotals } from '../components/RefundsTotals';
import { ReportFilter, ReportFilters } from '../components/ReportFilters';
import { formatAmount, reportQueryOf, toParams } from '../lib/report-format';

const PAGE_SIZES = [20, 50, 100, 200];

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
  const exportFiltered = () => {
    const { pageSize: _pageSize, ...filters } = query;
    exportCsv.mutate(filters, { onSuccess: () => void message.success(t('exported')), onError: showError });
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <ReportFilters
        range={{ label: t('filters.range'), from: query.from, to: query.to, onChange: update }}
        currency={{ value: query.currency, onChange: (currency) => update({ currency }), testId: 'refunds-filter-currency' }}
        csv={{ testId: 'refunds-export-csv', pending: exportCsv.isPending, onExport: exportFiltered }}
        note={t('refunds.note')}
      >
        <ReportFilter<(typeof RefundStatus.options)[number]>
          label={t('filters.status')}
          testId="refunds-filter-status"
          width={130}
          value={query.status}
          onChange={(status) => update({ status })}
          options={RefundStatus.options.map((value) => ({ value, label: t(`refunds.status.${value}`) }))}
        />
        <ReportFilter<(typeof RefundProvider.options)[number]>
          label={t('filters.provider')}
          testId="refunds-filter-provider"
          width={170}
          value={query.provider}
          onChange={(provider) => update({ provider })}
          options={RefundProvider.options.map((value) => ({ value, label: t(`provider.${value}`) }))}
        />
        <ReportFilter<(typeof RefundInitiator.options)[number]>
          label={t('filters.initiatedBy')}
          testId="refunds-filter-initiated-by"
          width={130}
          value={query.initiatedBy}
          onChange={(initiatedBy) => update({ initiatedBy })}
          options={RefundInitiator.options.map((value) => ({ value, label: t(`refunds.initiatedBy.${value}`) }))}
        />
      </ReportFilters>
      {report.error && <Alert type="error" showIcon title={report.error.message} data-testid="report-error" />}
      {report.data && (
        <>
          <RefundsTotals report={report.data} />
          <Card title={t('refunds.listTitle')}>
            <PagedTable<RefundReportEntry>
              data-testid="refunds-table"
              size="small"
              rowKey="id"
              loading={report.isFetching}
              columns={refundEntryColumns(t, (minor, currency) => formatAmount(minor, currency, report.data.currencyDigits), report.data.baseCurrency)}
              dataSource={report.data.entries}
              scroll={{ x: true }}
              links={report.data}
              pager={{
                onCursor: (next) => setParams(toParams({ ...query, cursor: next }), { replace: true }),
                pageSize: query.pageSize,
                pageSizes: PAGE_SIZES,
                onPageSize: (pageSize) => update({ pageSize }),
              }}
            />
          </Card>
        </>
      )}
      {!report.data && !report.error && <Card loading />}
    </Space>
  );
}
