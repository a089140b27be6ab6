import { useState, type HTMLAttributes } from 'react';
import { Alert, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Permission } from '@shop/contract/console/access';
import type { CountryPricingView } from '@shop/contract/console/pricing';
import { useCan } from '../../../shared/auth/use-me';
import { withChanges } from '../../../shared/lib/search-params';
import { tableWidth } from '../../../shared/lib/table-width';
import { useCountries } from '../api/countries';
import { CountryDialog } from '../components/CountryDialog';
import { CountryFilters } from '../components/CountryFilters';
import { useCountryColumns } from '../components/country-columns';
import { countryFilterOf, currenciesOf, filterCountries, type CountryFilter } from '../lib/country-filter';

/**
 * Every country's currency, tax model and rate, its current exchange rate and the providers that charge its local
 * prices now (filters in the address); an operator with catalogue rights edits a country in a dialog.
 */
export default function CountriesPage() {
  const { t } = useTranslation('pricing');
  const [params, setParams] = useSearchParams();
  const canWrite = useCan(Permission.CATALOGUE_WRITE);
  const countries = useCountries();
  const [editing, setEditing] = useState<CountryPricingView | null>(null);
  const filter = countryFilterOf(params);
  const columns = useCountryColumns(canWrite ? setEditing : null);
  const rows = filterCountries(countries.data ?? [], filter);
  const setFilter = (changes: Partial<Record<keyof CountryFilter, string | undefined>>) => setParams(withChanges(params, changes));

  return (
    <Card title={t('countries.title')}>
      {!canWrite && <Alert type="info" showIcon title={t('readOnly')} style={{ marginBottom: 16 }} />}
      <CountryFilters filter={filter} currencies={currenciesOf(countries.data ?? [])} setFilter={setFilter} />
      {countries.isError && <Alert type="error" showIcon title={countries.error.message} style={{ marginBottom: 16 }} />}
      <Table<CountryPricingView>
        rowKey="regionCode"
        size="small"
        loading={countries.isLoading}
        dataSource={rows}
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        tableLayout="fixed"
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false, showTotal: (total) => t('countries.total', { count: total }) }}
        onRow={(row) => ({ 'data-testid': `country-row-${row.regionCode}` }) as HTMLAttributes<HTMLElement>}
      />
      <CountryDialog country={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
