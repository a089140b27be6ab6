import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_REGION } from '@shop/contract/games';
import { CodePurpose } from '@shop/contract/verification';
import { getConfig } from '../../../shared/config/runtime-config';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { registerAccount } from '../api/auth-api';
import { CodeButton } from '../../../shared/forms/CodeButton';
import { ContactFields } from '../../../shared/forms/ContactFields';
import { CountrySelect, FormError, Tabs, TextField, PasswordMatchHint } from '../../../shared/forms/Fields';
import { contactOf, targetFor, type ContactInput, type ContactKind } from '../../../shared/forms/contact';
import { readPlayerInfo } from '../../../shared/storage/uinfo';
import { authGame, registerMethods } from '../lib/methods';
import { afterLoginPath } from '../lib/redirect';
import { hasDialCode, useCountries } from '../../../shared/forms/useCountries';
import { V, checkCode, checkConfirm, checkPassword, firstProblem } from '../../../shared/forms/validation';
import './auth.css';

export default function RegisterPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const countries = useCountries(language);
  // the game handed on from the login screen decides the tabs: a 10030 player cannot log in with a phone
  const tabs = registerMethods(authGame(location.search, readPlayerInfo()?.appId));
  const [chosenKind, setChosenKind] = useState<ContactKind>();
  const kind = chosenKind && tabs.includes(chosenKind) ? chosenKind : (tabs[0] ?? 'email');
  // the account's country/region, and the country whose calling code the phone number has (not every country has one)
  const [country, setCountry] = useState(DEFAULT_REGION);
  const [dialCountry, setDialCountry] = useState(DEFAULT_REGION);
  const [fields, setFields] = useState<ContactInput>({ kind: 'email', email: '', dialCode: '1', number: '' });
  const contact: ContactInput = { ...fields, kind };
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agree, setAgree] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // picking the country also picks its calling code, when it has one
  const chooseCountry = (iso2: string) => {
    setCountry(iso2);
    const option = countries.find((candidate) => candidate.iso2 === iso2);
    if (!option || !hasDialCode(option)) return;
    setDialCountry(iso2);
    setFields((current) => ({ ...current, dialCode: option.dialCode }));
  };
  const chooseDialCountry = (iso2: string, dialCode: string) => {
    setCountry(iso2);
    setDialCountry(iso2);
    setFields((current) => ({ ...current, dialCode }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const target = contactOf(contact);
    const problem = firstProblem(typeof target === 'string' ? target : undefined, checkCode(code, contact.kind), checkPassword(password), checkConfirm(password, confirm));
    if (problem) return setError(problem);
    if (!agree) return setError(V.agree);
    if (typeof target === 'string') return;
    setError('');
    setBusy(true);
    registerAccount({ ...target, code: code.trim(), password, confirmPassword: confirm, countryCode: country, agreeTerms: true })
      .then(
        // registering logs in: on to the page the guest came from
        () => navigate(afterLoginPath(location.search), { replace: true }),
        () => undefined,
      )
      .finally(() => setBusy(false));
  };

  return (
    <main className="shop-page auth-page" data-testid="register-page">
      <PageHeader title={t('auth.registerTitle')} />
      <div className="auth-body">
        <Tabs
          label={t('auth.registerWith')}
          tabs={tabs.map((key) => ({ key, label: t(key === 'email' ? 'auth.tabEmail' : 'auth.tabMobile') }))}
          active={kind}
          onChange={(next) => {
            setChosenKind(next);
            setError('');
          }}
        />
        <form className="form-stack" noValidate onSubmit={submit}>
          <CountrySelect label={t('auth.country')} value={country} options={countries} testId="country" onChange={chooseCountry} />
          <ContactFields value={contact} onChange={setFields} countries={countries} country={dialCountry} onCountry={chooseDialCountry} />
          <TextField
            label={t('auth.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            testId="code"
            value={code}
            onChange={setCode}
            addon={<CodeButton target={() => targetFor(contact, CodePurpose.RegisterAccount)} onInvalid={setError} />}
          />
          <TextField label={t('auth.password')} type="password" autoComplete="new-password" testId="password" value={password} onChange={setPassword} />
          <TextField label={t('auth.confirmPassword')} type="password" autoComplete="new-password" testId="confirm-password" value={confirm} onChange={setConfirm} />
          <PasswordMatchHint password={password} confirm={confirm} />
          <label className="auth-agree">
            <input type="checkbox" checked={agree} data-testid="agree" onChange={(event) => setAgree(event.target.checked)} />
            <span>
              {t('auth.agreePrefix')}{' '}
              <a href={getConfig().links.terms} target="_blank" rel="noreferrer">
                {t('auth.terms')}
              </a>
            </span>
          </label>
          <FormError messageKey={error} />
          <button type="submit" className="shop-button shop-button--primary shop-button--block" disabled={busy} data-testid="register-submit">
            {t('auth.register')}
          </button>
        </form>
      </div>
    </main>
  );
}

