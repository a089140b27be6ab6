import { useState } from 'react';
import { Button, Card, Segmented, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AnalyticsSplit, type AnalyticsSummary } from '@shop/contract/console/analytics';
import type { SalesRow } from '@shop/contract/console/reports';
import { formatAmount } from '../lib/report-format';
import { majorText, saveTableCsv } from './table-csv';

/** The period's money split by country, channel (order source), provider, currency or product, per currency. */
export function DashboardSplits({ summary }: { summary: AnalyticsSummary }) {
  const { t } = useTranslation('reports');
  const [split, setSplit] = useState<AnalyticsSplit>('country');
  const rows = summary.splits[split];
  const digits = summary.currencyDigits;
  const money = (field: 'gross' | 'refunds' | 'net') => ({
    title: t(`figures.${field}`),
    key: field,
    align: 'right' as const,
    render: (_: unknown, row: SalesRow) => formatAmount(row[field], row.currency, digits),
  });
  const label = (row: SalesRow) => (split === 'source' ? t(`source.${row.key}`, { defaultValue: row.key }) : split === 'provider' ? t(`provider.${row.key}`, { defaultValue: row.key }) : row.key === '' ? t('dashboard.unknown') : row.label);
  const exportCsv = () =>
    saveTableCsv(`dashboard-by-${split}-${summary.current.from}_${summary.current.to}.csv`, [
      [split, 'name', 'currency', 'orders', 'free_orders', 'gross_minor', 'gross', 'refund_count', 'refunds_minor', 'refunds', 'net_minor', 'net'],
      ...rows.map((row) => {
        const places = digits[row.currency] ?? 2;
        return [row.key, row.label, row.currency, row.orders, row.freeOrders, row.gross, majorText(row.gross, places), row.refundCount, row.refunds, majorText(row.refunds, places), row.net, majorText(row.net, places)];
      }),
    ]);

  return (
    <Card
      title={t('dashboard.splitsTitle')}
      extra={
        <Button size="small" icon={<DownloadOutlined />} data-testid="dashboard-split-csv" onClick={exportCsv}>
          {t('exportCsv')}
        </Button>
      }
    >
      <Segmented<AnalyticsSplit>
        data-testid="dashboard-split"
        style={{ marginBottom: 12 }}
        value={split}
        onChange={setSplit}
        options={AnalyticsSplit.options.map((value) => ({ value, label: t(`dashboard.splits.${value}`) }))}
      />
      <Table<SalesRow>
        data-testid="dashboard-split-table"
        size="small"
        rowKey={(row) => `${row.key}\u0000${row.currency}`}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('summary.empty') }}
        columns={[
          { title: t(`dashboard.splits.${split}`), key: 'label', render: (_: unknown, row) => label(row) },
          { title: t('filters.currency'), dataIndex: 'currency', key: 'currency' },
          { title: t('figures.orders'), dataIndex: 'orders', key: 'orders', align: 'right' },
          money('gross'),
          money('refunds'),
          money('net'),
        ]}
      />
    </Card>
  );
}
