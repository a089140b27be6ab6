import type { HTMLAttributes } from 'react';
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { SalesReport, SalesRow } from '@shop/contract/console/reports';
import { formatAmount } from '../lib/report-format';

/** The table of the chosen grouping: one row per group and currency, then a totals row per currency. */
export function SalesTable({ report, loading }: { report: SalesReport; loading: boolean }) {
  const { t } = useTranslation('reports');
  const money = (minor: number, currency: string) => formatAmount(minor, currency, report.currencyDigits);
  const product = report.groupBy === 'product';

  const groupName = (row: SalesRow) => {
    switch (report.groupBy) {
      case 'source':
        return t(`source.${row.key}`, { defaultValue: row.key });
      case 'provider':
        return t(`provider.${row.key}`, { defaultValue: row.key });
      case 'country':
        return row.key === '' ? t('table.unknownCountry') : `${row.label} (${row.key})`;
      case 'game':
        return `${row.label} (${row.key})`;
      case 'product':
        return (
          <>
            {row.label} <Typography.Text type="secondary">#{row.key}</Typography.Text>
          </>
        );
      default:
        return row.label;
    }
  };

  const baseMoney = (minor: number) => formatAmount(minor, report.baseTotals.currency, report.currencyDigits);
  const numberSorter = (field: 'orders' | 'gross' | 'refunds' | 'net' | 'vouchersCredited' | 'quantity' | 'baseNet') => (a: SalesRow, b: SalesRow) => (a[field] ?? 0) - (b[field] ?? 0);
  const columns: ColumnsType<SalesRow> = [
    { title: t(`groupBy.${report.groupBy}`), key: 'group', render: (_, row) => groupName(row), sorter: (a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) },
    { title: t('table.currency'), dataIndex: 'currency', key: 'currency', render: (currency: string) => <Tag>{currency}</Tag> },
    {
      title: t('figures.orders'),
      key: 'orders',
      align: 'right',
      sorter: numberSorter('orders'),
      render: (_, row) => (
        <>
          {row.orders}
          {row.freeOrders > 0 && <Typography.Text type="secondary"> ({t('table.free', { count: row.freeOrders })})</Typography.Text>}
        </>
      ),
    },
    ...(product ? [{ title: t('figures.quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right' as const, sorter: numberSorter('quantity') }] : []),
    { title: t('figures.gross'), key: 'gross', align: 'right', sorter: numberSorter('gross'), render: (_, row) => money(row.gross, row.currency) },
    {
      title: t('figures.refunds'),
      key: 'refunds',
      align: 'right',
      sorter: numberSorter('refunds'),
      render: (_, row) => (row.refundCount ? `${money(row.refunds, row.currency)} (${row.refundCount})` : money(0, row.currency)),
    },
    { title: t('figures.net'), key: 'net', align: 'right', sorter: numberSorter('net'), render: (_, row) => <Typography.Text type={row.net < 0 ? 'danger' : undefined}>{money(row.net, row.currency)}</Typography.Text> },
    { title: t('figures.vouchersCredited'), dataIndex: 'vouchersCredited', key: 'vouchers', align: 'right', sorter: numberSorter('vouchersCredited'), render: (value: number) => value.toLocaleString() },
    { title: t('base.net', { currency: report.baseTotals.currency }), key: 'baseNet', align: 'right', sorter: numberSorter('baseNet'), render: (_, row) => baseMoney(row.baseNet) },
  ];

  return (
    <Table<SalesRow>
      data-testid="report-table"
      size="small"
      loading={loading}
      rowKey={(row) => `${row.key}|${row.currency}`}
      columns={columns}
      dataSource={report.rows}
      pagination={report.rows.length > 50 ? { defaultPageSize: 50, showSizeChanger: true } : false}
      onRow={(row) => ({ 'data-testid': `report-row-${row.key || 'unknown'}-${row.currency}` }) as HTMLAttributes<HTMLElement>}
      scroll={{ x: true }}
      summary={() =>
        report.totals.length ? (
          <Table.Summary fixed>
            {report.totals.map((totals) => (
              <Table.Summary.Row key={totals.currency} data-testid={`report-table-total-${totals.currency}`} style={{ fontWeight: 600 }}>
                <Table.Summary.Cell index={0}>{t('table.total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1}>
                  <Tag>{totals.currency}</Tag>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {totals.orders}
                </Table.Summary.Cell>
                {product && (
                  <Table.Summary.Cell index={3} align="right">
                    {report.rows.filter((row) => row.currency === totals.currency).reduce((sum, row) => sum + (row.quantity ?? 0), 0)}
                  </Table.Summary.Cell>
                )}
                <Table.Summary.Cell index={product ? 4 : 3} align="right">
                  {money(totals.gross, totals.currency)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={product ? 5 : 4} align="right">
                  {totals.refundCount ? `${money(totals.refunds, totals.currency)} (${totals.refundCount})` : money(0, totals.currency)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={product ? 6 : 5} align="right">
                  {money(totals.net, totals.currency)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={product ? 7 : 6} align="right">
                  {totals.vouchersCredited.toLocaleString()}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={product ? 8 : 7} align="right">
                  {baseMoney(totals.baseNet)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ))}
          </Table.Summary>
        ) : undefined
      }
    />
  );
}
