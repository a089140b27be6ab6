import { Alert, Result, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PricesImportReport } from '@shop/contract/console/pricing';
import { ImportIssuesTable } from './ImportIssuesTable';

/** What a prices CSV changes (checked or done): created, updated, unchanged points; or every problem by row and column. */
export function PricesReportView({ report, fileName }: { report: PricesImportReport; fileName: string }) {
  const { t } = useTranslation('pricing');
  if (!report.valid) {
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="error" showIcon title={t('import.invalidFile', { count: report.errors.length, name: fileName })} data-testid="import-invalid" />
        <ImportIssuesTable issues={report.errors} />
      </Space>
    );
  }
  const { summary } = report;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {report.applied ? (
        <Result status="success" title={t('import.done')} subTitle={fileName} data-testid="import-done" />
      ) : (
        <Alert type="success" showIcon title={t('import.valid', { name: fileName })} data-testid="import-valid" />
      )}
      <Table
        size="small"
        rowKey="kind"
        pagination={false}
        dataSource={[{ kind: 'points', ...summary }]}
        columns={[
          { title: '', dataIndex: 'kind', key: 'kind', render: () => t('import.points') },
          { title: t('import.created'), dataIndex: 'created', key: 'created', render: (n: number) => (n ? <Tag color="green">{n}</Tag> : 0) },
          { title: t('import.updated'), dataIndex: 'updated', key: 'updated', render: (n: number) => (n ? <Tag color="blue">{n}</Tag> : 0) },
          { title: t('import.unchanged'), dataIndex: 'unchanged', key: 'unchanged' },
        ]}
        data-testid="import-summary"
      />
    </Space>
  );
}
