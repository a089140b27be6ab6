import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactInput } from './contact';
import { withDialCode, type CountryOption } from './useCountries';
import { CountrySelect, TextField } from './Fields';

/**
 * E-mail field, or calling-code picker plus number. `addon` sits next to the e-mail / number (the get-code button).
 * `country` is the picker's country (it must have a calling code); `countries` may be the full list, those without a
 * calling code are left out here.
 */
export function ContactFields({
  value,
  onChange,
  countries,
  country,
  onCountry,
  addon,
}: {
  value: ContactInput;
  onChange: (next: ContactInput) => void;
  countries: CountryOption[];
  country: string;
  onCountry: (iso2: string, dialCode: string) => void;
  addon?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const dialOptions = useMemo(() => withDialCode(countries), [countries]);
  if (value.kind === 'email') {
    return (
      <TextField
        label={t('auth.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        testId="email"
        value={value.email}
        onChange={(email) => onChange({ ...value, email })}
        addon={addon}
      />
    );
  }
  return (
    <>
      <CountrySelect
        label={t('auth.dialCode')}
        value={country}
        options={dialOptions}
        dial
        testId="dial-code"
        onChange={(iso2) => onCountry(iso2, dialOptions.find((option) => option.iso2 === iso2)?.dialCode ?? value.dialCode)}
      />
      <TextField
        label={t('auth.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        testId="mobile"
        value={value.number}
        onChange={(number) => onChange({ ...value, number })}
        addon={addon}
      />
    </>
  );
}
