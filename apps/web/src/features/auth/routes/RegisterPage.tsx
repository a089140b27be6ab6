import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { RegisterBody } from '@shop/contract/account';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_REGION } from '@shop/contract/games';
import { CodePurpose } from '@shop/contract/verification';
import { getConfig } from '../../../shared/config/runtime-config';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { registerAccount } from '../api/auth-api';
import { CodeField } from '../../../shared/forms/CodeField';
import { ContactFields } from '../../../shared/forms/ContactFields';
import { CountrySelect, FormError, NewPasswordFields, Tabs } from '../../../shared/forms/Fields';
import { targetFor, type ContactInput, type ContactKind } from '../../../shared/forms/contact';
import { firstErrorKey, problemOn } from '../../../shared/forms/form-errors';
import { readPlayerInfo } from '../../../shared/storage/uinfo';
import { authGame, registerMethods } from '../lib/methods';
import { afterLoginPath } from '../lib/redirect';
import { hasDialCode, useCountries } from '../../../shared/forms/useCountries';
import { REGISTER_FORM_FIELDS, registerFormResolver, type RegisterFormInput } from '../lib/register-form';
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
  const [dialCountry, setDialCountry] = useState(DEFAULT_REGION);
  const form = useForm<RegisterFormInput, unknown, RegisterBody>({
    resolver: registerFormResolver,
    defaultValues: {
      country: DEFAULT_REGION,
      contact: { kind: 'email', email: '', dialCode: '1', number: '' },
      code: '',
      password: '',
      confirm: '',
      agree: false,
    },
  });
  const [country, fields, code, password, confirm, agree] = useWatch({
    control: form.control,
    name: ['country', 'contact', 'code', 'password', 'confirm', 'agree'],
  });
  // the tab decides the kind of contact
  const contact: ContactInput = { ...fields, kind };
  const setFields = (value: ContactInput) => form.setValue('contact', value);
  const setCountry = (iso2: string) => form.setValue('country', iso2);
  const setDialCode = (dialCode: string) => form.setValue('contact', { ...form.getValues('contact'), dialCode });
  // one message at a time, the first problem in field order (what "get code" found wrong with the contact included)
  const error = firstErrorKey(form.formState.errors, REGISTER_FORM_FIELDS);
  const [busy, setBusy] = useState(false);

  // picking the country also picks its calling code, when it has one
  const chooseCountry = (iso2: string) => {
    setCountry(iso2);
    const option = countries.find((candidate) => candidate.iso2 === iso2);
    if (!option || !hasDialCode(option)) return;
    setDialCountry(iso2);
    setDialCode(option.dialCode);
  };
  const chooseDialCountry = (iso2: string, dialCode: string) => {
    setCountry(iso2);
    setDialCountry(iso2);
    setDialCode(dialCode);
  };

  /** The form is checked with the tab's kind of contact, then sent as the contract's body (../lib/register-form.ts). */
  const submit = (event: React.FormEvent) => {
    form.setValue('contact', contact);
    void form.handleSubmit(send)(event);
  };
  const send = (body: RegisterBody) => {
    setBusy(true);
    registerAccount(body)
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
            form.clearErrors();
          }}
        />
        <form className="form-stack" noValidate onSubmit={submit}>
          <CountrySelect label={t('auth.country')} value={country} options={countries} testId="country" onChange={chooseCountry} />
          <ContactFields value={contact} onChange={setFields} countries={countries} country={dialCountry} onCountry={chooseDialCountry} />
          <CodeField
            value={code}
            onChange={(value) => form.setValue('code', value)}
            target={() => targetFor(contact, CodePurpose.RegisterAccount)}
            onInvalid={problemOn(form, 'contact')}
          />
          <NewPasswordFields
            label={t('auth.password')}
            password={password}
            confirm={confirm}
            onPassword={(value) => form.setValue('password', value)}
            onConfirm={(value) => form.setValue('confirm', value)}
          />
          <label className="auth-agree">
            <input type="checkbox" checked={agree} data-testid="agree" onChange={(event) => form.setValue('agree', event.target.checked)} />
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

