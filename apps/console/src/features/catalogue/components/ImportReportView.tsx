import { Alert, Descriptions, Result, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportIssue, ImportReport } from '@shop/contract/console/catalogue';
import { importPathText, importProblemText } from '../lib/import-problem';

const KINDS = ['games', 'servers', 'products', 'channels', 'media'] as const;

/** What an import (checked or done) found: every problem with its place in the file, or what it creates and updates. */
export function ImportReportView({ report, fileName }: { report: ImportReport; fileName: string }) {
  const { t } = useTranslation('catalogue');
  if (!report.valid) {
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="error" showIcon title={t('transfer.invalid', { count: report.errors.length, name: fileName })} data-testid="import-invalid" />
        <Table<ImportIssue & { key: number }>
          size="small"
          dataSource={report.errors.map((issue, key) => ({ ...issue, key }))}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            { title: t('transfer.path'), key: 'path', width: 260, render: (_: unknown, issue: ImportIssue) => <Typography.Text code>{importPathText(t, issue)}</Typography.Text> },
            { title: t('transfer.problem'), key: 'problem', render: (_: unknown, issue: ImportIssue) => importProblemText(t, issue) },
          ]}
          data-testid="import-errors"
        />
      </Space>
    );
  }
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {report.applied ? (
        <Result status="success" title={t('transfer.done')} subTitle={fileName} data-testid="import-done" />
      ) : (
        <Alert type="success" showIcon title={t('transfer.valid', { name: fileName })} data-testid="import-valid" />
      )}
      <Table
        size="small"
        rowKey="kind"
        pagination={false}
        dataSource={KINDS.map((kind) => ({ kind, ...report.summary[kind] }))}
        columns={[
          { title: '', dataIndex: 'kind', key: 'kind', render: (kind: string) => t(`transfer.kind.${kind}`) },
          { title: t('transfer.created'), dataIndex: 'created', key: 'created', render: (n: number) => (n ? <Tag color="green">{n}</Tag> : 0) },
          { title: t('transfer.updated'), dataIndex: 'updated', key: 'updated', render: (n: number) => (n ? <Tag color="blue">{n}</Tag> : 0) },
          { title: t('transfer.unchanged'), dataIndex: 'unchanged', key: 'unchanged' },
        ]}
        data-testid="import-summary"
      />
      {(report.created.length > 0 || report.updated.length > 0) && (
        <Descriptions size="small" column={1} bordered>
          {report.created.length > 0 && <Descriptions.Item label={t('transfer.created')}>{report.created.join(', ')}</Descriptions.Item>}
          {report.updated.length > 0 && <Descriptions.Item label={t('transfer.updated')}>{report.updated.join(', ')}</Descriptions.Item>}
        </Descriptions>
      )}
    </Space>
  );
}
