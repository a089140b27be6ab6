import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PricingImportIssue } from '@shop/contract/console/pricing';
import { issuePlace, issueText } from '../lib/import-issues';
import type { LocalIssue } from '../lib/rates-table';

type Issue = PricingImportIssue | LocalIssue;

/** An import's problems where people look for them: the row and column of the file, and what is wrong there. */
export function ImportIssuesTable({ issues }: { issues: readonly Issue[] }) {
  const { t } = useTranslation('pricing');
  return (
    <Table<Issue & { key: number }>
      size="small"
      dataSource={issues.map((issue, key) => ({ ...issue, key }))}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      tableLayout="fixed"
      columns={[
        { title: t('import.place'), key: 'place', width: 200, render: (_, issue) => <Typography.Text code>{issuePlace(t, issue)}</Typography.Text> },
        { title: t('import.problem'), key: 'problem', render: (_, issue) => issueText(t, issue) },
        { title: '', key: 'code', width: 150, render: (_, issue) => <Tag>{issue.problem}</Tag> },
      ]}
      data-testid="import-errors"
    />
  );
}
