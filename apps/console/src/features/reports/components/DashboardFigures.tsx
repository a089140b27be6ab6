import { Button, Card, Table, Tooltip, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnalyticsSummary, CurrencyFigures, PeriodFigures } from '@shop/contract/console/analytics';
import { formatAmount } from '../lib/report-format';
import { BaseFiguresCard } from './BaseFiguresCard';
import { majorText, saveTableCsv } from './table-csv';

const MONEY_METRICS = ['gross', 'refunds', 'net', 'orders', 'freeOrders', 'averageOrderValue', 'arppu', 'arpu'] as const;
type MoneyMetric = (typeof MONEY_METRICS)[number];
const COUNTS: readonly MoneyMetric[] = ['orders', 'freeOrders'];
const PLAYER_METRICS = ['activePlayers', 'storeVisitors', 'orderingPlayers', 'payingPlayers', 'firstTimePayers'] as const;
const CONVERSIONS = ['visitToOrder', 'orderToPaid', 'visitToPaid'] as const;

/** The change from the previous period as a percentage, or null when the previous figure was zero or unknown. */
const change = (current: number | null, previous: number | null) => (current === null || previous === null || previous === 0 ? null : ((current - previous) / Math.abs(previous)) * 100);

function Change({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">–</Typography.Text>;
  return <Typography.Text type={value > 0 ? 'success' : value < 0 ? 'danger' : 'secondary'}>{`${value > 0 ? '+' : ''}${value.toFixed(1)}%`}</Typography.Text>;
}

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);
const moneyOf = (period: PeriodFigures, currency: string): CurrencyFigures | undefined => period.money.find((figures) => figures.currency === currency);

/** Money per currency (never added across currencies) and distinct players, each beside the previous period's. */
export function DashboardFigures({ summary }: { summary: AnalyticsSummary }) {
  const { t } = useTranslation('reports');
  const { current, previous, currencyDigits } = summary;
  const currencies = [...new Set([...current.money, ...previous.money].map((figures) => figures.currency))].sort();
  const periods = `${current.from}_${current.to}`;

  const moneyRows = currencies.flatMap((currency) =>
    MONEY_METRICS.map((metric) => ({
      key: `${currency}-${metric}`,
      currency,
      metric,
      current: moneyOf(current, currency)?.[metric] ?? (metric === 'averageOrderValue' || metric === 'arppu' || metric === 'arpu' ? null : 0),
      previous: moneyOf(previous, currency)?.[metric] ?? (metric === 'averageOrderValue' || metric === 'arppu' || metric === 'arpu' ? null : 0),
    })),
  );
  const showMoney = (value: number | null, row: { metric: MoneyMetric; currency: string }) =>
    value === null ? '–' : COUNTS.includes(row.metric) ? value.toLocaleString() : formatAmount(value, row.currency, currencyDigits);

  const playerRows = [
    ...PLAYER_METRICS.map((metric) => ({ key: metric, label: t(`dashboard.players.${metric}`), current: current.players[metric] as number | null, previous: previous.players[metric] as number | null, ratio: false })),
    ...CONVERSIONS.map((metric) => ({ key: metric, label: t(`dashboard.conversion.${metric}`), current: current.conversion[metric], previous: previous.conversion[metric], ratio: true })),
  ];

  const exportMoney = () =>
    saveTableCsv(`dashboard-money-${periods}.csv`, [
      ['currency', 'figure', 'current_minor', 'current', 'previous_minor', 'previous'],
      ...moneyRows.map((row) => {
        const count = COUNTS.includes(row.metric);
        const digits = currencyDigits[row.currency] ?? 2;
        return [row.currency, row.metric, row.current, row.current === null ? null : count ? row.current : majorText(row.current, digits), row.previous, row.previous === null ? null : count ? row.previous : majorText(row.previous, digits)];
      }),
    ]);
  const exportPlayers = () =>
    saveTableCsv(`dashboard-players-${periods}.csv`, [['figure', 'current', 'previous'], ...playerRows.map((row) => [row.key, row.current, row.previous])]);

  const csvButton = (testId: string, onClick: () => void) => (
    <Button size="small" icon={<DownloadOutlined />} data-testid={testId} onClick={onClick}>
      {t('exportCsv')}
    </Button>
  );
  const comparedColumns = <R extends { current: number | null; previous: number | null }>(show: (value: number | null, row: R) => string) => [
    { title: t('dashboard.current', { from: current.from, to: current.to }), key: 'current', align: 'right' as const, render: (_: unknown, row: R) => show(row.current, row) },
    { title: t('dashboard.previous', { from: previous.from, to: previous.to }), key: 'previous', align: 'right' as const, render: (_: unknown, row: R) => show(row.previous, row) },
    { title: t('dashboard.change'), key: 'change', align: 'right' as const, render: (_: unknown, row: R) => <Change value={change(row.current, row.previous)} /> },
  ];

  return (
    <>
      <BaseFiguresCard figures={current.base} previous={previous.base} digits={currencyDigits} testId="dashboard-base" />
      <Card title={t('dashboard.moneyTitle')} extra={csvButton('dashboard-money-csv', exportMoney)}>
        <Table
          data-testid="dashboard-money"
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={moneyRows}
          locale={{ emptyText: t('summary.empty') }}
          columns={[
            { title: t('filters.currency'), dataIndex: 'currency', key: 'currency' },
            {
              title: t('dashboard.figure'),
              key: 'metric',
              render: (_: unknown, row: (typeof moneyRows)[number]) => <Tooltip title={t(`dashboard.help.${row.metric}`)}>{t(`dashboard.money.${row.metric}`)}</Tooltip>,
            },
            ...comparedColumns<(typeof moneyRows)[number]>(showMoney),
          ]}
        />
      </Card>
      <Card title={t('dashboard.playersTitle')} extra={csvButton('dashboard-players-csv', exportPlayers)}>
        <Table
          data-testid="dashboard-players"
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={playerRows}
          columns={[
            { title: t('dashboard.figure'), dataIndex: 'label', key: 'label' },
            ...comparedColumns<(typeof playerRows)[number]>((value, row) => (row.ratio ? percent(value) : value === null ? '–' : value.toLocaleString())),
          ]}
        />
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('dashboard.playersNote')}
        </Typography.Text>
      </Card>
    </>
  );
}
