import { Controller, useForm } from 'react-hook-form';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditFilters } from '../api/audit-log';
import { EMPTY_FORM, ENTITY_TYPES, auditFiltersOf, type AuditFilterForm } from '../lib/audit-filters';

/** The log's filters: who, what action, which kind of thing and its id, and the days; Reset shows the whole log again. */
export function AuditFilterBar({ onFilters }: { onFilters: (filters: AuditFilters) => void }) {
  const { t } = useTranslation('audit');
  const { t: tApp } = useTranslation();
  const { control, handleSubmit, reset } = useForm<AuditFilterForm>({ defaultValues: EMPTY_FORM });
  const search = handleSubmit((form) => onFilters(auditFiltersOf(form)));
  return (
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
            onFilters(auditFiltersOf(EMPTY_FORM));
          }}
        >
          {tApp('common.reset')}
        </Button>
      </Space>
    </Form>
  );
}
