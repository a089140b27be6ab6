import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '@shop/contract/countries';
import type { Language } from '@shop/contract/languages';
import { CountryPicker } from '../../../shared/ui/CountryPicker';
import { regionOptions } from '../lib/region';

const EMPTY: Country[] = [];

/** The region picker (searchable): the selected country's name in the active language; changing it reloads the channels. */
export function RegionSelect({
  region,
  countries,
  language,
  onChange,
}: {
  region: string;
  countries: Country[];
  language: Language;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  // ~250 localized, sorted names: built in a low-priority render so they never hold up the vouchers or channels
  const deferred = useDeferredValue(countries, EMPTY);
  const options = useMemo(() => regionOptions(deferred, language, region), [deferred, language, region]);
  return (
    <CountryPicker
      label={t('voucher.region')}
      value={region}
      options={options}
      onChange={onChange}
      testId="region-select"
      className="vp-region"
      labelClassName="vp-region__label"
      buttonClassName="vp-region__select"
    />
  );
}
