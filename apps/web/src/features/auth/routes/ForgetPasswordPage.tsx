import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_REGION } from '@shop/contract/games';
import { CodePurpose } from '@shop/contract/verification';
import { authFlowQuery } from '../../../shared/auth/login-return';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { showToast } from '../../../shared/ui/toast';
import { resetAccountPassword } from '../api/auth-api';
import { CodeButton } from '../../../shared/forms/CodeButton';
import { ContactFields } from '../../../shared/forms/ContactFields';
import { FormError, Tabs, TextField, PasswordMatchHint } from '../../../shared/forms/Fields';
import { contactOf, targetFor, type ContactInput, type ContactKind } from '../../../shared/forms/contact';
import { useCountries } from '../../../shared/forms/useCountries';
import { checkCode, checkConfirm, checkPassword, firstProblem } from '../../../shared/forms/validation';
import './auth.css';

const TABS: readonly ContactKind[] = ['email', 'mobile'];

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const countries = useCountries(language);
  const [country, setCountry] = useState(DEFAULT_REGION);
  const [contact, setContact] = useState<ContactInput>({ kind: 'email', email: '', dialCode: '1', number: '' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = contactOf(contact);
    const problem = firstProblem(typeof value === 'string' ? value : undefined, checkCode(code, contact.kind), checkPassword(password), checkConfirm(password, confirm));
    if (problem || typeof value === 'string') return setError(problem ?? '');
    setError('');
    setBusy(true);
    resetAccountPassword({ ...value, code: code.trim(), password, confirmPassword: confirm })
      .then(
        () => {
          showToast(t('auth.passwordReset'));
          // the login then still returns the guest to where he was, for his game
          navigate(`/login${authFlowQuery(location.search)}`, { replace: true });
        },
        () => undefined,
      )
      .finally(() => setBusy(false));
  };

  return (
    <main className="shop-page auth-page" data-testid="forget-page">
      <PageHeader title={t('auth.forgetTitle')} />
      <div className="auth-body">
        <Tabs
          label={t('auth.resetWith')}
          tabs={TABS.map((key) => ({ key, label: t(key === 'email' ? 'auth.tabEmail' : 'auth.tabMobile') }))}
          active={contact.kind}
          onChange={(kind) => {
            setContact({ ...contact, kind });
            setError('');
          }}
        />
        <form className="form-stack" noValidate onSubmit={submit}>
          <ContactFields
            value={contact}
            onChange={setContact}
            countries={countries}
            country={country}
            onCountry={(iso2, dialCode) => {
              setCountry(iso2);
              setContact({ ...contact, dialCode });
            }}
          />
          <TextField
            label={t('auth.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            testId="code"
            value={code}
            onChange={setCode}
            addon={<CodeButton target={() => targetFor(contact, CodePurpose.ForgetPassword)} onInvalid={setError} />}
          />
          <TextField label={t('auth.newPassword')} type="password" autoComplete="new-password" testId="password" value={password} onChange={setPassword} />
          <TextField label={t('auth.confirmPassword')} type="password" autoComplete="new-password" testId="confirm-password" value={confirm} onChange={setConfirm} />
          <PasswordMatchHint password={password} confirm={confirm} />
          <FormError messageKey={error} />
          <button type="submit" className="shop-button shop-button--primary shop-button--block" disabled={busy} data-testid="reset-submit">
            {t('auth.resetSubmit')}
          </button>
        </form>
      </div>
    </main>
  );
}
