import { useMemo } from 'react';
import { Alert, Card, Form, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { analyticsSummaryQuery, type AnalyticsSummaryQuery } from '@shop/contract/console/analytics';
import { useAnalyticsSummary } from '../api/analytics-summary';
import { DashboardCharts } from '../components/DashboardCharts';
import { DashboardFigures } from '../components/DashboardFigures';
import { DashboardSplits } from '../components/DashboardSplits';
import { RangeField } from '../components/RangeField';
import { reportQueryOf, toParams } from '../lib/report-format';

/**
 * The publisher's dashboard: a period's money per currency and distinct players beside the previous period of the same
 * length, charts by day, the funnel, and the splits; every table also as CSV.
 */
export default function DashboardPage() {
  const { t } = useTranslation('reports');
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => reportQueryOf(analyticsSummaryQuery, params), [params]);
  const summary = useAnalyticsSummary(query);
  const update = (changes: Partial<AnalyticsSummaryQuery>) => setParams(toParams({ ...query, ...changes }), { replace: true });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label={t('filters.range')}>
            <RangeField from={query.from} to={query.to} onChange={(range) => update(range)} />
          </Form.Item>
          <Form.Item label={t('filters.game')}>
            <Select<number | undefined>
              data-testid="dashboard-game"
              style={{ width: 200 }}
              allowClear
              placeholder={t('filters.all')}
              value={query.appId}
              onChange={(appId) => update({ appId })}
              options={(summary.data?.games ?? []).map((game) => ({ value: game.appId, label: `${game.name} (${game.appId})` }))}
            />
          </Form.Item>
        </Form>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('dashboard.note', { timeZone: summary.data?.timeZone ?? '…' })}
        </Typography.Text>
      </Card>
      {summary.error && <Alert type="error" showIcon title={summary.error.message} data-testid="dashboard-error" />}
      {summary.data && (
        <>
          <DashboardFigures summary={summary.data} />
          <DashboardCharts summary={summary.data} />
          <DashboardSplits summary={summary.data} />
        </>
      )}
      {!summary.data && !summary.error && <Card loading />}
    </Space>
  );
}
