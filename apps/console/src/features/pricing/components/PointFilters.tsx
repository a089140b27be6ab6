import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { POINT_FLAGS, type PointFilter, type PointFlag } from '../lib/price-points';

/** The price points' filters: a country's code or name, and a flag (drifted, stale, set by hand...). */
export function PointFilters({ filter, setFilter }: { filter: PointFilter; setFilter: (filter: PointFilter) => void }) {
  const { t } = useTranslation('pricing');
  return (
    <Space wrap>
      <Input.Search
        allowClear
        placeholder={t('countries.search')}
        onSearch={(text) => setFilter({ ...filter, text: text.trim() || undefined })}
        style={{ width: 240 }}
        maxLength={60}
        data-testid="points-filter-text"
      />
      <Select<PointFlag>
        value={filter.flag}
        onChange={(flag) => setFilter({ ...filter, flag })}
        allowClear
        placeholder={t('field.status')}
        style={{ width: 180 }}
        data-testid="points-filter-flag"
        options={POINT_FLAGS.map((flag) => ({ value: flag, label: t(`flag.${flag}`) }))}
      />
    </Space>
  );
}
