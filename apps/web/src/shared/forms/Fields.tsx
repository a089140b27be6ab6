import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryPicker } from '../ui/CountryPicker';
import type { CountryOption } from './useCountries';
import './forms.css';

export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  testId,
  autoComplete,
  inputMode,
  addon,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  testId: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel';
  addon?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <div className="form-field__row">
        <input
          id={id}
          className="form-field__input"
          type={type}
          value={value}
          autoComplete={autoComplete}
          inputMode={inputMode}
          data-testid={testId}
          onChange={(event) => onChange(event.target.value)}
        />
        {addon}
      </div>
    </div>
  );
}

/** Country/region picker (searchable): names in the active language; with `dial` each option also shows its calling code. */
export function CountrySelect({
  label,
  value,
  options,
  onChange,
  dial,
  testId,
}: {
  label: string;
  value: string;
  options: CountryOption[];
  onChange: (iso2: string) => void;
  dial?: boolean;
  testId: string;
}) {
  const choices = useMemo(() => options.map((option) => ({ code: option.iso2, name: option.name, dialCode: option.dialCode })), [options]);
  return (
    <CountryPicker
      label={label}
      value={value}
      options={choices}
      onChange={onChange}
      showDialCode={dial}
      testId={testId}
      className="form-field"
      labelClassName="form-field__label"
      buttonClassName="form-field__input"
    />
  );
}

export function FormError({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  return (
    <p className="form-error" role="alert" data-testid="form-error">
      {messageKey ? t(messageKey) : ''}
    </p>
  );
}

export function Tabs<T extends string>({
  tabs,
  active,
  onChange,
  label,
}: {
  tabs: { key: T; label: string }[];
  active: T;
  onChange: (key: T) => void;
  label: string;
}) {
  return (
    <div className="form-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          className={`form-tabs__tab${tab.key === active ? ' form-tabs__tab--active' : ''}`}
          data-testid={`tab-${tab.key}`}
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** A new password and its confirmation, with the live hint whether they match. */
export function NewPasswordFields({
  label,
  password,
  confirm,
  onPassword,
  onConfirm,
}: {
  label: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField label={label} type="password" autoComplete="new-password" testId="password" value={password} onChange={onPassword} />
      <TextField label={t('auth.confirmPassword')} type="password" autoComplete="new-password" testId="confirm-password" value={confirm} onChange={onConfirm} />
      <PasswordMatchHint password={password} confirm={confirm} />
    </>
  );
}

/** Under the confirmation field: "Passwords match" or "Passwords do not match" as soon as something is typed there. */
function PasswordMatchHint({ password, confirm }: { password: string; confirm: string }) {
  const { t } = useTranslation();
  if (!confirm) return null;
  const match = password === confirm;
  return (
    <p className={`form-hint form-hint--${match ? 'ok' : 'bad'}`} aria-live="polite" data-testid="password-match">
      {t(match ? 'auth.v.match' : 'auth.v.mismatch')}
    </p>
  );
}
