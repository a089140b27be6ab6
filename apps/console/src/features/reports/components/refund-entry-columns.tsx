import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { RefundReportEntry } from '@shop/contract/console/reports';
import { formatDateTime } from '../../../shared/ui/format';
import { REFUND_STATUS_COLORS } from '../lib/refund-status';

/** The columns of the refunds list: when, which order, game, type, provider, state, who started it, money and vouchers, why. */
export function refundEntryColumns(t: TFunction<'reports'>, money: (minor: number, currency: string) => string, baseCurrency: string): ColumnsType<RefundReportEntry> {
  return [
    { title: t('refunds.columns.date'), key: 'date', width: 170, render: (_, row) => formatDateTime(row.completedAt ?? row.createdAt) },
    { title: t('refunds.columns.orderSn'), dataIndex: 'orderSn', key: 'orderSn', render: (orderSn: string) => <Typography.Text copyable>{orderSn}</Typography.Text> },
    { title: t('refunds.columns.game'), dataIndex: 'gameName', key: 'game' },
    { title: t('refunds.columns.source'), dataIndex: 'orderSource', key: 'source', render: (source: string) => t(`source.${source}`, { defaultValue: source }) },
    { title: t('refunds.columns.provider'), dataIndex: 'provider', key: 'provider', render: (provider: string) => t(`provider.${provider}`, { defaultValue: provider }) },
    { title: t('refunds.columns.status'), dataIndex: 'status', key: 'status', render: (status: RefundReportEntry['status']) => <Tag color={REFUND_STATUS_COLORS[status]}>{t(`refunds.status.${status}`)}</Tag> },
    { title: t('refunds.columns.initiatedBy'), dataIndex: 'initiatedBy', key: 'initiatedBy', render: (by: RefundReportEntry['initiatedBy']) => t(`refunds.initiatedBy.${by}`) },
    { title: t('refunds.columns.amount'), key: 'amount', align: 'right', render: (_, row) => money(row.amount, row.currency) },
    { title: t('refunds.columns.baseAmount', { currency: baseCurrency }), key: 'baseAmount', align: 'right', render: (_, row) => money(row.baseAmount, baseCurrency) },
    { title: t('refunds.columns.vouchersTakenBack'), dataIndex: 'vouchersTakenBack', key: 'taken', align: 'right' },
    { title: t('refunds.columns.vouchersUnrecovered'), dataIndex: 'vouchersUnrecovered', key: 'unrecovered', align: 'right', render: (value: number) => (value ? <Typography.Text type="danger">{value}</Typography.Text> : 0) },
    { title: t('refunds.columns.reason'), dataIndex: 'reason', key: 'reason', ellipsis: true, render: (reason: string | null) => reason ?? '—' },
  ];
}
