import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ResetPasswordBody } from '@shop/contract/account';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_REGION } from '@shop/contract/games';
import { CodePurpose } from '@shop/contract/verification';
import { authFlowQuery } from '../../../shared/auth/login-return';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { showToast } from '../../../shared/ui/toast';
import { resetAccountPassword } from '../api/auth-api';
import { CodeField } from '../../../shared/forms/CodeField';
import { ContactFields } from '../../../shared/forms/ContactFields';
import { FormError, NewPasswordFields, Tabs } from '../../../shared/forms/Fields';
import { targetFor, type ContactKind } from '../../../shared/forms/contact';
import { firstErrorKey, problemOn } from '../../../shared/forms/form-errors';
import { useCountries } from '../../../shared/forms/useCountries';
import { RESET_FORM_FIELDS, resetFormResolver, type ResetFormInput } from '../lib/reset-form';
import './auth.css';

const TABS: readonly ContactKind[] = ['email', 'mobile'];

export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const countries = useCountries(language);
  const [country, setCountry] = useState(DEFAULT_REGION);
  const form = useForm<ResetFormInput, unknown, ResetPasswordBody>({
    resolver: resetFormResolver,
    defaultValues: { contact: { kind: 'email', email: '', dialCode: '1', number: '' }, code: '', password: '', confirm: '' },
  });
  const [contact, code, password, confirm] = useWatch({ control: form.control, name: ['contact', 'code', 'password', 'confirm'] });
  const setContact = (value: ResetFormInput['contact']) => form.setValue('contact', value);
  // one message at a time, the first problem in field order (what "get code" found wrong with the contact included)
  const error = firstErrorKey(form.formState.errors, RESET_FORM_FIELDS);
  const [busy, setBusy] = useState(false);

  /** The form passed its checks and is the contract's body (../lib/reset-form.ts). */
  const reset = (body: ResetPasswordBody) => {
    setBusy(true);
    resetAccountPassword(body)
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
            form.clearErrors();
          }}
        />
        <form className="form-stack" noValidate onSubmit={form.handleSubmit(reset)}>
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
          <CodeField
            value={code}
            onChange={(value) => form.setValue('code', value)}
            target={() => targetFor(contact, CodePurpose.ForgetPassword)}
            onInvalid={problemOn(form, 'contact')}
          />
          <NewPasswordFields
            label={t('auth.newPassword')}
            password={password}
            confirm={confirm}
            onPassword={(value) => form.setValue('password', value)}
            onConfirm={(value) => form.setValue('confirm', value)}
          />
          <FormError messageKey={error} />
          <button type="submit" className="shop-button shop-button--primary shop-button--block" disabled={busy} data-testid="reset-submit">
            {t('auth.resetSubmit')}
          </button>
        </form>
      </div>
    </main>
  );
}
