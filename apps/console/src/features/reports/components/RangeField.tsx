import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MAX_REPORT_DAYS } from '@shop/contract/console/reports';
import { dayText, lastDays } from '../lib/report-format';

interface Props {
  from: string;
  to: string;
  /** The IANA zone the report's days are in (the presets end on today there); UTC when not known yet. */
  timeZone?: string;
  onChange: (range: { from: string; to: string }) => void;
}

/** The report's days (UTC, or the sales report's time zone): presets for the last 7, 30 and 90 days; a range longer than the server allows cannot be picked. */
export function RangeField({ from, to, timeZone, onChange }: Props) {
  const { t } = useTranslation('reports');
  const preset = (days: number): [Dayjs, Dayjs] => {
    const range = lastDays(days, timeZone);
    return [dayjs(range.from), dayjs(range.to)];
  };
  return (
    <DatePicker.RangePicker
      data-testid="report-range"
      allowClear={false}
      value={[dayjs(from), dayjs(to)]}
      presets={[
        { label: t('presets.last7'), value: preset(7) },
        { label: t('presets.last30'), value: preset(30) },
        { label: t('presets.last90'), value: preset(90) },
      ]}
      disabledDate={(current, info) => Boolean(info?.from && Math.abs(current.diff(info.from, 'day')) >= MAX_REPORT_DAYS)}
      onChange={(value) => {
        if (value?.[0] && value[1]) onChange({ from: dayText(value[0]), to: dayText(value[1]) });
      }}
    />
  );
}
