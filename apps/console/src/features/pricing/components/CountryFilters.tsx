import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAX_MODELS, type TaxModel } from '@shop/contract/pricing';
import type { CountryFilter } from '../lib/country-filter';

interface Props {
  filter: CountryFilter;
  currencies: string[];
  setFilter: (changes: Partial<Record<keyof CountryFilter, string | undefined>>) => void;
}

/** The country table's filters: a code or name, a tax model, a currency. */
export function CountryFilters({ filter, currencies, setFilter }: Props) {
  const { t } = useTranslation('pricing');
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        defaultValue={filter.text}
        allowClear
        placeholder={t('countries.search')}
        onSearch={(text) => setFilter({ text: text.trim() || undefined })}
        style={{ width: 260 }}
        maxLength={60}
        data-testid="countries-filter-text"
      />
      <Select<TaxModel>
        value={filter.taxModel}
        onChange={(taxModel) => setFilter({ taxModel })}
        allowClear
        placeholder={t('field.taxModel')}
        style={{ width: 180 }}
        data-testid="countries-filter-tax"
        options={TAX_MODELS.map((model) => ({ value: model, label: t(`taxModel.${model}`) }))}
      />
      <Select<string>
        value={filter.currency}
        onChange={(currency) => setFilter({ currency })}
        allowClear
        showSearch
        placeholder={t('field.currency')}
        style={{ width: 140 }}
        data-testid="countries-filter-currency"
        options={currencies.map((currency) => ({ value: currency, label: currency }))}
      />
    </Space>
  );
}
