import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ChangeEmailBody, ChangeMobileBody } from '@shop/contract/account';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { DEFAULT_REGION } from '@shop/contract/games';
import { AccountType, CodePurpose } from '@shop/contract/verification';
import { CodeField } from '../../../shared/forms/CodeField';
import { ContactFields } from '../../../shared/forms/ContactFields';
import { FormError } from '../../../shared/forms/Fields';
import { targetFor, type ContactKind } from '../../../shared/forms/contact';
import { firstErrorKey, problemOn } from '../../../shared/forms/form-errors';
import { useCountries } from '../../../shared/forms/useCountries';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { showToast } from '../../../shared/ui/toast';
import { bindEmail, bindMobile, verifyCurrentContact } from '../api/account-api';
import { maskEmail, maskMobile, mobileParts } from '../lib/contact-display';
import { BIND_NEW_FIELDS, bindNewResolver, verifyCurrentResolver, type BindNewInput, type VerifyCurrentInput } from '../lib/contact-change-form';
import { useUserInfo } from '../../../shared/account/get-user-info';

const PATHS = {
  mobile: { change: '/my/changePhone', bind: '/my/bindPhone' },
  email: { change: '/my/changeEmail', bind: '/my/bindEmail' },
} as const;

/**
 * Change (verify the current phone/e-mail with a code first, then bind the new one) or bind (the account has none yet:
 * straight to the new one). A change screen opened for an account without that contact goes to bind, and the other way.
 */
export function ContactChangeFlow({ kind, mode }: { kind: ContactKind; mode: 'change' | 'bind' }) {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const [ticket, setTicket] = useState<string>();
  const current = user ? (kind === 'mobile' ? user.mobile : user.email) : undefined;
  const titleKey = `account.${mode}${kind === 'mobile' ? 'Phone' : 'Email'}`;

  if (user && !ticket) {
    if (mode === 'change' && !current) return <Navigate to={PATHS[kind].bind} replace />;
    if (mode === 'bind' && current) return <Navigate to={PATHS[kind].change} replace />;
  }

  return (
    <main className="shop-page account-page" data-testid={`${mode}-${kind}-page`}>
      <PageHeader title={t(titleKey)} />
      {!user ? (
        <p className="account-form">
          <span className="shop-skeleton shop-skeleton--text" aria-label={t('common.loading')} />
        </p>
      ) : mode === 'change' && !ticket && current ? (
        <VerifyCurrent kind={kind} current={current} onVerified={setTicket} />
      ) : (
        <BindNew kind={kind} ticket={ticket} />
      )}
    </main>
  );
}

/** Step 1 of a change: a ChangePhone/ChangeEmail code to the current phone/e-mail proves the player still holds it. */
function VerifyCurrent({ kind, current, onVerified }: { kind: ContactKind; current: string; onVerified: (ticket: string) => void }) {
  const { t } = useTranslation();
  const [resolver] = useState(() => verifyCurrentResolver(kind));
  const form = useForm<VerifyCurrentInput, unknown, { code: string }>({ resolver, defaultValues: { code: '' } });
  const code = useWatch({ control: form.control, name: 'code' });
  const error = firstErrorKey(form.formState.errors, ['code']);
  const [busy, setBusy] = useState(false);
  const target = () => {
    if (kind === 'email') return { accountType: AccountType.email, email: current, purpose: CodePurpose.ChangeEmail };
    const mobile = mobileParts(current);
    return mobile ? { accountType: AccountType.mobile, mobile, purpose: CodePurpose.ChangePhone } : 'auth.v.number';
  };

  /** The code passed its checks and is the contract's body (../lib/contact-change-form.ts). */
  const verify = (body: { code: string }) => {
    setBusy(true);
    verifyCurrentContact(kind, body.code)
      .then(
        (answer) => onVerified(answer.changeTicket),
        () => undefined,
      )
      .finally(() => setBusy(false));
  };

  return (
    <form className="form-stack account-form" noValidate onSubmit={form.handleSubmit(verify)} data-testid="verify-current">
      <p className="account-step">{t(kind === 'mobile' ? 'account.verifyCurrentPhone' : 'account.verifyCurrentEmail')}</p>
      <p className="account-current" data-testid="current-contact">
        {kind === 'mobile' ? maskMobile(current) : maskEmail(current)}
      </p>
      <CodeField
        value={code}
        onChange={(value) => form.setValue('code', value)}
        target={target}
        onInvalid={problemOn(form, 'code')}
      />
      <FormError messageKey={error} />
      <button type="submit" className="shop-button shop-button--primary shop-button--block" disabled={busy} data-testid="verify-submit">
        {t('account.next')}
      </button>
    </form>
  );
}

/** Step 2 (or the only step of a bind): a BindPhone/BindEmail code to the new phone/e-mail, then the change. */
function BindNew({ kind, ticket }: { kind: ContactKind; ticket?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const countries = useCountries(language);
  const [country, setCountry] = useState(DEFAULT_REGION);
  const form = useForm<BindNewInput, unknown, ChangeEmailBody | ChangeMobileBody>({
    resolver: bindNewResolver,
    defaultValues: { contact: { kind, email: '', dialCode: '1', number: '' }, code: '', ticket },
  });
  const [contact, code] = useWatch({ control: form.control, name: ['contact', 'code'] });
  const setContact = (value: BindNewInput['contact']) => form.setValue('contact', value);
  // one message at a time, the first problem in field order (what "get code" found wrong with the contact included)
  const error = firstErrorKey(form.formState.errors, BIND_NEW_FIELDS);
  const [busy, setBusy] = useState(false);

  /** The form passed its checks and is the contract's body (../lib/contact-change-form.ts). */
  const save = (body: ChangeEmailBody | ChangeMobileBody) => {
    setBusy(true);
    const request = 'email' in body ? bindEmail(body) : bindMobile(body);
    request
      .then(
        () => {
          showToast(t(kind === 'mobile' ? 'account.phoneSaved' : 'account.emailSaved'));
          navigate('/my/personalCenter', { replace: true });
        },
        () => undefined,
      )
      .finally(() => setBusy(false));
  };

  return (
    <form className="form-stack account-form" noValidate onSubmit={form.handleSubmit(save)} data-testid="bind-new">
      <p className="account-step">{t(kind === 'mobile' ? 'account.enterNewPhone' : 'account.enterNewEmail')}</p>
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
        target={() => targetFor(contact, kind === 'mobile' ? CodePurpose.BindPhone : CodePurpose.BindEmail)}
        onInvalid={problemOn(form, 'contact')}
      />
      <FormError messageKey={error} />
      <button type="submit" className="shop-button shop-button--primary shop-button--block" disabled={busy} data-testid="bind-submit">
        {t('account.save')}
      </button>
    </form>
  );
}
