import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '@shop/contract/countries';
import type { Language } from '@shop/contract/languages';
import { CountryPicker } from '../../../shared/ui/CountryPicker';
import { regionOptions } from '../lib/region';

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
  // ~250 localized, sorted names: built once the countries are in, which the page asks for only after the channels are
  // on screen (hooks/useVoucherPage.ts), so they never hold up the vouchers or channels
  const options = useMemo(() => regionOptions(countries, language, region), [countries, language, region]);
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
