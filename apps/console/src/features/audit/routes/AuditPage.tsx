import { useState } from 'react';
import { Button, Card, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission, type AuditEntry } from '@shop/contract/console/access';
import { RequirePermission } from '../../../shared/auth/RequirePermission';
import { useAuditLog, type AuditFilters } from '../api/audit-log';
import { auditColumns } from '../components/audit-columns';
import { AuditFilterBar } from '../components/AuditFilterBar';
import { AUDIT_PAGE } from '../lib/audit-filters';

/** Admins search the append-only audit log: who changed what, when, with the values before and after. */
export default function AuditPage() {
  const { t } = useTranslation('audit');
  return (
    <RequirePermission permission={Permission.AUDIT_READ} title={t('title')}>
      <AuditLog />
    </RequirePermission>
  );
}

function AuditLog() {
  const { t } = useTranslation('audit');
  const [filters, setFilters] = useState<AuditFilters>({ limit: AUDIT_PAGE });
  // the ids that started each page seen so far: "previous" goes back through them
  const [pages, setPages] = useState<(number | undefined)[]>([]);
  const log = useAuditLog(filters);
  const newer = () => {
    const before = pages.at(-1);
    setPages(pages.slice(0, -1));
    setFilters(({ before: _ignored, ...rest }) => ({ ...rest, ...(before ? { before } : {}) }));
  };
  const older = () => {
    setPages([...pages, filters.before]);
    setFilters({ ...filters, before: log.data!.nextBefore! });
  };
  return (
    <Card title={t('title')}>
      <AuditFilterBar onFilters={(next) => (setPages([]), setFilters(next))} />
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={log.isFetching}
        dataSource={log.data?.entries ?? []}
        columns={auditColumns(t)}
        pagination={false}
        expandable={{ expandedRowRender: (row) => <BeforeAfter entry={row} />, rowExpandable: (row) => row.before !== null || row.after !== null }}
        data-testid="audit-table"
      />
      <Space style={{ marginTop: 16 }}>
        <Button disabled={pages.length === 0} onClick={newer}>
          {t('newer')}
        </Button>
        <Button disabled={!log.data?.nextBefore} onClick={older}>
          {t('older')}
        </Button>
      </Space>
    </Card>
  );
}

/** An entry's values before and after the change, side by side. */
function BeforeAfter({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  return (
    <Space align="start" size="large" wrap>
      {(['before', 'after'] as const).map((side) => (
        <div key={side}>
          <Typography.Text strong>{t(side)}</Typography.Text>
          <pre style={{ maxWidth: 520, overflow: 'auto' }}>{JSON.stringify(entry[side], null, 2)}</pre>
        </div>
      ))}
    </Space>
  );
}
