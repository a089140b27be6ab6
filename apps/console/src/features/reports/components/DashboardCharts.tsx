import { useMemo } from 'react';
import { Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsSummary } from '@shop/contract/console/analytics';
import { daysBetween, majorOf } from '../lib/report-format';

const COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#a0d911', '#fadb14'];

/** Net revenue per day (a line per currency, major units), players per day, and the period's funnel. */
export function DashboardCharts({ summary }: { summary: AnalyticsSummary }) {
  const { t } = useTranslation('reports');
  const { current, currencyDigits } = summary;
  const currencies = current.money.map((figures) => figures.currency);
  const days = useMemo(() => daysBetween(current.from, current.to), [current.from, current.to]);
  const revenue = useMemo(() => {
    const byDay = new Map(days.map((day) => [day, { day, ...Object.fromEntries(currencies.map((currency) => [currency, 0])) } as Record<string, number | string>]));
    for (const row of summary.dailyMoney) {
      const point = byDay.get(row.day);
      if (point) point[row.currency] = majorOf(row.net, row.currency, currencyDigits);
    }
    return [...byDay.values()];
  }, [days, currencies, summary.dailyMoney, currencyDigits]);
  const players = useMemo(() => {
    const byDay = new Map(summary.dailyPlayers.map((row) => [row.day, row]));
    return days.map((day) => ({ day, active: byDay.get(day)?.activePlayers ?? 0, paying: byDay.get(day)?.payingPlayers ?? 0 }));
  }, [days, summary.dailyPlayers]);
  const funnel = [
    { step: t('dashboard.players.storeVisitors'), players: current.players.storeVisitors },
    { step: t('dashboard.players.orderingPlayers'), players: current.players.orderingPlayers },
    { step: t('dashboard.players.payingPlayers'), players: current.players.payingPlayers },
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t('dashboard.revenueChart')}>
          {currencies.length === 0 ? (
            <Empty description={t('summary.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <div data-testid="dashboard-revenue-chart" style={{ width: '100%', height: 280 }}>
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={revenue} margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="day" minTickGap={24} />
                  <YAxis />
                  <Tooltip />
                  <Legend />
                  {currencies.map((currency, index) => (
                    <Line key={currency} type="monotone" dataKey={currency} name={currency} stroke={COLORS[index % COLORS.length]} dot={revenue.length <= 31} strokeWidth={2} />
                  ))}
                </LineChart>
              </ResponsiveContainer>
            </div>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('dashboard.playersChart')}>
          <div data-testid="dashboard-players-chart" style={{ width: '100%', height: 280 }}>
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={players} margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" minTickGap={24} />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Legend />
                <Line type="monotone" dataKey="active" name={t('dashboard.players.activePlayers')} stroke={COLORS[0]} dot={players.length <= 31} strokeWidth={2} />
                <Line type="monotone" dataKey="paying" name={t('dashboard.players.payingPlayers')} stroke={COLORS[1]} dot={players.length <= 31} strokeWidth={2} />
              </LineChart>
            </ResponsiveContainer>
          </div>
        </Card>
      </Col>
      <Col xs={24}>
        <Card title={t('dashboard.funnelChart')}>
          <div data-testid="dashboard-funnel-chart" style={{ width: '100%', height: 220 }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={funnel} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 24 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="step" width={160} />
                <Tooltip />
                <Bar dataKey="players" name={t('dashboard.playersTitle')} fill={COLORS[0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </Card>
      </Col>
    </Row>
  );
}
