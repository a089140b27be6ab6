import { useDeferredValue, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '@shop/contract/countries';
import type { Language } from '@shop/contract/languages';
import { regionOptions } from '../lib/region';

const EMPTY: Country[] = [];

/** The region selector: the selected country's name in the active language; changing it reloads the channels. */
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
  const id = useId();
  // ~250 localized, sorted names: built in a low-priority render so they never hold up the vouchers or channels
  const deferred = useDeferredValue(countries, EMPTY);
  const options = useMemo(() => regionOptions(deferred, language, region), [deferred, language, region]);
  return (
    <div className="vp-region">
      <label htmlFor={id} className="vp-region__label">
        {t('voucher.region')}
      </label>
      <select
        id={id}
        className="vp-region__select"
        value={region}
        data-testid="region-select"
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
