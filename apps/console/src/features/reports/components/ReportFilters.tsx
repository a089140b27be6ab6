import type { ReactNode } from 'react';
import { Button, Card, Form, Input, Select, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currencyFilter } from '../lib/report-format';
import { RangeField } from './RangeField';

interface Props {
  /** The days of the report and the label that says in which zone they are. */
  range: { label: ReactNode; from: string; to: string; timeZone?: string | undefined; onChange: (range: { from: string; to: string }) => void };
  currency: { value: string | undefined; onChange: (currency: string | undefined) => void; testId: string };
  /** The report's own filters, between the range and the currency. */
  children: ReactNode;
  /** Filters after the currency (the sales report's refund basis). */
  trailing?: ReactNode;
  csv: { testId: string; pending: boolean; onExport: () => void };
  note: ReactNode;
  noteTestId?: string;
}

/** The filter bar the reports share: the days, the report's filters, a currency, the CSV export and a note under them. */
export function ReportFilters({ range, currency, children, trailing, csv, note, noteTestId }: Props) {
  const { t } = useTranslation('reports');
  return (
    <Card size="small">
      <Form layout="inline" style={{ rowGap: 8 }}>
        <Form.Item label={range.label}>
          <RangeField from={range.from} to={range.to} timeZone={range.timeZone} onChange={range.onChange} />
        </Form.Item>
        {children}
        <Form.Item label={t('filters.currency')}>
          <Input
            data-testid={currency.testId}
            style={{ width: 90 }}
            allowClear
            maxLength={3}
            placeholder={t('filters.all')}
            defaultValue={currency.value}
            key={currency.value ?? ''}
            onBlur={(event) => currency.onChange(currencyFilter(event.target.value))}
            onPressEnter={(event) => event.currentTarget.blur()}
          />
        </Form.Item>
        {trailing}
        <Button type="primary" icon={<DownloadOutlined />} data-testid={csv.testId} loading={csv.pending} onClick={csv.onExport}>
          {t('exportCsv')}
        </Button>
      </Form>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }} data-testid={noteTestId}>
        {note}
      </Typography.Text>
    </Card>
  );
}

interface FilterProps<Value> {
  label: ReactNode;
  testId: string;
  width: number;
  value: Value | undefined;
  onChange: (value: Value | undefined) => void;
  options: { value: Value; label: string }[];
  /** A filter that may be left out says "All" when empty; one that always holds a value (the grouping) has no clear. */
  clearable?: boolean;
}

/** One of a report's choices (status, provider, game...), "All" when none is picked. */
export function ReportFilter<Value extends string | number>({ label, testId, width, value, onChange, options, clearable = true }: FilterProps<Value>) {
  const { t } = useTranslation('reports');
  return (
    <Form.Item label={label}>
      <Select<Value>
        data-testid={testId}
        style={{ width }}
        allowClear={clearable}
        placeholder={clearable ? t('filters.all') : undefined}
        value={value}
        onChange={(picked) => onChange(picked ?? undefined)}
        options={options}
      />
    </Form.Item>
  );
}
