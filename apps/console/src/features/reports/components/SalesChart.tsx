import { useMemo, useState } from 'react';
import { Card, Empty, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SalesReport } from '@shop/contract/console/reports';
import { daysBetween, formatAmount, majorOf } from '../lib/report-format';

type Metric = 'gross' | 'net' | 'refunds' | 'orders';
const COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#a0d911', '#fadb14'];

/** The range day by day: one line per currency (money in that currency's major units; never added across currencies). */
export function SalesChart({ report }: { report: SalesReport }) {
  const { t } = useTranslation('reports');
  const [metric, setMetric] = useState<Metric>('gross');
  const currencies = report.totals.map((totals) => totals.currency);
  const data = useMemo(() => {
    const byDay = new Map(daysBetween(report.from, report.to).map((day) => [day, { day } as Record<string, number | string>]));
    for (const currency of currencies) for (const point of byDay.values()) point[currency] = 0;
    for (const row of report.daily) {
      const point = byDay.get(row.day);
      if (point) point[row.currency] = metric === 'orders' ? row.orders : majorOf(row[metric], row.currency, report.currencyDigits);
    }
    return [...byDay.values()];
  }, [report, metric, currencies]);

  return (
    <Card
      title={t('chart.title')}
      extra={
        <Segmented<Metric>
          data-testid="report-chart-metric"
          value={metric}
          onChange={setMetric}
          options={(['gross', 'net', 'refunds', 'orders'] as const).map((value) => ({ value, label: t(`figures.${value}`) }))}
        />
      }
    >
      {currencies.length === 0 ? (
        <Empty description={t('summary.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <div data-testid="report-chart" style={{ width: '100%', height: 320 }}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" minTickGap={24} />
              <YAxis allowDecimals={metric !== 'orders'} />
              <Tooltip
                formatter={(value, name) =>
                  metric === 'orders' ? [value, name] : [formatAmount(Math.round(Number(value) * 10 ** (report.currencyDigits[String(name)] ?? 2)), String(name), report.currencyDigits), name]
                }
              />
              <Legend />
              {currencies.map((currency, index) => (
                <Line key={currency} type="monotone" dataKey={currency} name={currency} stroke={COLORS[index % COLORS.length]} dot={data.length <= 31} strokeWidth={2} />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}
