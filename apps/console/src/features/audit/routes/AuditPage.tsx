import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Permission, type AuditEntry } from '@shop/contract/console/access';
import { RequirePermission } from '../../../shared/auth/RequirePermission';
import { formatDateTime } from '../../../shared/ui/format';
import { useAuditLog, type AuditFilters } from '../api/audit-log';

interface FilterForm {
  actor: string;
  action: string;
  entityType: string;
  entityId: string;
  range: [Dayjs | null, Dayjs | null] | null;
}

const PAGE = 50;

/** The kinds of things the server audits (entity types of modules/console and the ops routes). */
const ENTITY_TYPES = ['order', 'secondPayment', 'player', 'role', 'product', 'game', 'server', 'channel', 'media', 'catalogue', 'operator', 'job'] as const;

/** Where the console shows an audited thing, when it has a page of its own. */
function entityPath(entityType: string, entityId: string): string | undefined {
  if (!/^\d+$/.test(entityId)) return undefined;
  switch (entityType) {
    case 'order':
      return `/orders/${entityId}`;
    case 'player':
      return `/players/${entityId}`;
    case 'role':
      return `/players/roles/${entityId}`;
    case 'product':
      return `/catalogue/products/${entityId}`;
    default:
      return undefined;
  }
}

/** i18next keys cannot hold dots: 'order.refund.request' is 'actions.order_refund_request'. */
const actionKey = (action: string) => `actions.${action.replace(/\./g, '_')}`;

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
  const { t: tApp } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({ limit: PAGE });
  // the ids that started each page seen so far: "previous" goes back through them
  const [pages, setPages] = useState<(number | undefined)[]>([]);
  const log = useAuditLog(filters);
  const { control, handleSubmit, reset } = useForm<FilterForm>({ defaultValues: { actor: '', action: '', entityType: '', entityId: '', range: null } });

  const search = handleSubmit((form) => {
    setPages([]);
    setFilters({
      limit: PAGE,
      ...(form.actor.trim() ? { actor: form.actor.trim() } : {}),
      ...(form.action.trim() ? { action: form.action.trim() } : {}),
      ...(form.entityType.trim() ? { entityType: form.entityType.trim() } : {}),
      ...(form.entityId.trim() ? { entityId: form.entityId.trim() } : {}),
      ...(form.range?.[0] ? { from: form.range[0].startOf('day').toISOString() } : {}),
      ...(form.range?.[1] ? { to: form.range[1].endOf('day').toISOString() } : {}),
    });
  });

  const columns = [
    { title: t('when'), key: 'when', width: 170, render: (_: unknown, row: AuditEntry) => formatDateTime(row.createdAt) },
    { title: t('actor'), dataIndex: 'actor', key: 'actor' },
    {
      title: t('action'),
      dataIndex: 'action',
      key: 'action',
      render: (action: string) => (
        <Space orientation="vertical" size={0}>
          <span data-testid="audit-action-label">{t(actionKey(action), { defaultValue: action })}</span>
          <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
            {action}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('entity'),
      key: 'entity',
      render: (_: unknown, row: AuditEntry) => {
        const text = `${t(`entities.${row.entityType}`, { defaultValue: row.entityType })} #${row.entityId}`;
        const path = entityPath(row.entityType, row.entityId);
        return path ? <Link to={path}>{text}</Link> : text;
      },
    },
    { title: t('ip'), dataIndex: 'ip', key: 'ip' },
  ];

  return (
    <Card title={t('title')}>
      <Form layout="inline" onFinish={() => void search()} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('actor')}>
          <Controller name="actor" control={control} render={({ field }) => <Input {...field} allowClear data-testid="audit-actor" />} />
        </Form.Item>
        <Form.Item label={t('action')}>
          <Controller name="action" control={control} render={({ field }) => <Input {...field} allowClear placeholder={t('actionPlaceholder')} style={{ width: 220 }} data-testid="audit-action" />} />
        </Form.Item>
        <Form.Item label={t('entityType')}>
          <Controller
            name="entityType"
            control={control}
            render={({ field }) => (
              <Select
                value={field.value || undefined}
                onChange={(value?: string) => field.onChange(value ?? '')}
                allowClear
                placeholder={t('anyEntity')}
                style={{ width: 160 }}
                data-testid="audit-entity-type"
                options={ENTITY_TYPES.map((type) => ({ value: type, label: t(`entities.${type}`) }))}
              />
            )}
          />
        </Form.Item>
        <Form.Item label={t('entityId')}>
          <Controller name="entityId" control={control} render={({ field }) => <Input {...field} allowClear style={{ width: 120 }} data-testid="audit-entity-id" />} />
        </Form.Item>
        <Form.Item label={t('period')}>
          <Controller name="range" control={control} render={({ field }) => <DatePicker.RangePicker value={field.value} onChange={(value) => field.onChange(value)} allowEmpty={[true, true]} />} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="audit-search">
            {tApp('common.search')}
          </Button>
          <Button
            onClick={() => {
              reset();
              setPages([]);
              setFilters({ limit: PAGE });
            }}
          >
            {tApp('common.reset')}
          </Button>
        </Space>
      </Form>
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={log.isFetching}
        dataSource={log.data?.entries ?? []}
        columns={columns}
        pagination={false}
        expandable={{
          expandedRowRender: (row) => (
            <Space align="start" size="large" wrap>
              <div>
                <Typography.Text strong>{t('before')}</Typography.Text>
                <pre style={{ maxWidth: 520, overflow: 'auto' }}>{JSON.stringify(row.before, null, 2)}</pre>
              </div>
              <div>
                <Typography.Text strong>{t('after')}</Typography.Text>
                <pre style={{ maxWidth: 520, overflow: 'auto' }}>{JSON.stringify(row.after, null, 2)}</pre>
              </div>
            </Space>
          ),
          rowExpandable: (row) => row.before !== null || row.after !== null,
        }}
        data-testid="audit-table"
      />
      <Space style={{ marginTop: 16 }}>
        <Button
          disabled={pages.length === 0}
          onClick={() => {
            const previous = pages.slice(0, -1);
            const before = pages.at(-1);
            setPages(previous);
            setFilters(({ before: _ignored, ...rest }) => ({ ...rest, ...(before ? { before } : {}) }));
          }}
        >
          {t('newer')}
        </Button>
        <Button
          disabled={!log.data?.nextBefore}
          onClick={() => {
            setPages([...pages, filters.before]);
            setFilters({ ...filters, before: log.data!.nextBefore! });
          }}
        >
          {t('older')}
        </Button>
      </Space>
    </Card>
  );
}
