import { Alert, Result, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RatesImportReport } from '@shop/contract/console/pricing';
import { signedPercent } from '../lib/signed-percent';
import { ImportIssuesTable } from './ImportIssuesTable';

type Change = RatesImportReport['changes'][number];

/** What a rates table changes (checked or done): each rate before and after, how far it moves, how many prices drift. */
export function RatesReportView({ report, driftPercent }: { report: RatesImportReport; driftPercent: number | undefined }) {
  const { t } = useTranslation('pricing');
  if (!report.valid) {
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="error" showIcon title={t('import.invalid', { count: report.errors.length })} data-testid="import-invalid" />
        <ImportIssuesTable issues={report.errors} />
      </Space>
    );
  }
  const beyond = (change: Change) => driftPercent !== undefined && change.movePercent !== null && Math.abs(change.movePercent) > driftPercent;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {report.applied ? (
        <Result status="success" title={t('rates.done', { count: report.changes.length })} data-testid="import-done" />
      ) : (
        <Alert type="success" showIcon title={t('rates.valid', { count: report.changes.length })} data-testid="import-valid" />
      )}
      <Alert
        type={report.driftedPoints ? 'warning' : 'info'}
        showIcon
        title={t(report.applied ? 'rates.driftedNow' : 'rates.willDrift', { count: report.driftedPoints, percent: driftPercent ?? '' })}
        data-testid="rates-drifted"
      />
      <Table<Change>
        rowKey="currency"
        size="small"
        dataSource={report.changes}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        tableLayout="fixed"
        columns={[
          { title: t('field.currency'), dataIndex: 'currency', key: 'currency', width: 90 },
          { title: t('rates.before'), dataIndex: 'before', key: 'before', align: 'right', render: (rate: string | null) => rate ?? <Typography.Text type="secondary">{t('rates.new')}</Typography.Text> },
          { title: t('rates.after'), dataIndex: 'after', key: 'after', align: 'right' },
          {
            title: t('rates.move'),
            key: 'move',
            width: 110,
            align: 'right',
            render: (_, change) => <Typography.Text type={beyond(change) ? 'danger' : undefined}>{signedPercent(change.movePercent) ?? '—'}</Typography.Text>,
          },
        ]}
        data-testid="rates-changes"
      />
    </Space>
  );
}
