import { useCallback, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { LoginBody, LoginMethod } from '@shop/contract/account';
import { ApiCode } from '@shop/contract/envelope';
import { DEFAULT_REGION, type AppId } from '@shop/contract/games';
import { GAME_PARAM, authFlowQuery } from '../../../shared/auth/login-return';
import { getConfig } from '../../../shared/config/runtime-config';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { readPlayerInfo } from '../../../shared/storage/uinfo';
import { LanguageSelect } from '../../../shared/ui/LanguageSelect';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { isApiError } from '../../../shared/api/api-error';
import { CaptchaDialog } from '../../../shared/forms/CaptchaDialog';
import { loginWithPassword } from '../api/auth-api';
import { DynamicTokenForm } from '../components/DynamicTokenForm';
import { GameChoice } from '../components/GameChoice';
import { ContactFields } from '../../../shared/forms/ContactFields';
import { FormError, Tabs, TextField } from '../../../shared/forms/Fields';
import type { ContactInput } from '../../../shared/forms/contact';
import { firstErrorKey } from '../../../shared/forms/form-errors';
import { authGame, loginMethods } from '../lib/methods';
import { afterLoginPath } from '../lib/redirect';
import { useCountries } from '../../../shared/forms/useCountries';
import { LOGIN_FORM_FIELDS, loginFormResolver, type LoginFormInput } from '../lib/login-form';
import './auth.css';

const TAB_LABELS: Record<LoginMethod, string> = { otp: 'auth.tabOtp', email: 'auth.tabEmail', mobile: 'auth.tabMobile' };

export default function LoginPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [, setQuery] = useSearchParams();
  // the game decides the tabs: ?appId= (a link from the game, or the choice below), else the saved player's game
  const urlGame = authGame(location.search, readPlayerInfo()?.appId);
  // the router applies the new query in a transition; until it has, the choice shows what was picked, not the old game
  const [picked, setPicked] = useState<{ search: string; appId: AppId }>();
  const appId = picked?.search === location.search ? picked.appId : urlGame;
  // the otp login is switched off in this build (features.otpLogin); its tab only shows when it is on
  const methods = loginMethods(appId, getConfig().features.otpLogin);
  const [chosenMethod, setChosenMethod] = useState<LoginMethod>();
  // another game may not offer the tab chosen before: its first tab then
  const method = chosenMethod && methods.includes(chosenMethod) ? chosenMethod : (methods[0] ?? 'email');
  const countries = useCountries(language);
  const [country, setCountry] = useState(DEFAULT_REGION);
  const form = useForm<LoginFormInput, unknown, LoginBody>({
    resolver: loginFormResolver,
    defaultValues: { contact: { kind: 'email', email: '', dialCode: '1', number: '' }, password: '' },
  });
  const [fields, password] = useWatch({ control: form.control, name: ['contact', 'password'] });
  // the tab decides the kind of contact (the game may change the tabs under it)
  const contact: ContactInput = { ...fields, kind: method === 'mobile' ? 'mobile' : 'email' };
  const setFields = (value: ContactInput) => form.setValue('contact', value);
  // one message at a time, the first problem in field order
  const error = firstErrorKey(form.formState.errors, LOGIN_FORM_FIELDS);
  const [busy, setBusy] = useState(false);
  // After many failed logins of an account the server asks for the captcha first (code 1008): the login waiting for it
  const [needsCaptcha, setNeedsCaptcha] = useState<LoginBody>();
  const closeCaptcha = useCallback(() => setNeedsCaptcha(undefined), []);

  const choose = (next: LoginMethod) => {
    setChosenMethod(next);
    form.clearErrors();
  };
  // kept in the query, so register, forgotten password and a reload keep the game too
  const chooseGame = (next: AppId) => {
    setPicked({ search: location.search, appId: next });
    setQuery(
      (current) => {
        const query = new URLSearchParams(current);
        query.set(GAME_PARAM, String(next));
        return query;
      },
      { replace: true },
    );
    form.clearErrors();
  };
  const loggedIn = () => navigate(afterLoginPath(location.search), { replace: true });
  const handedOn = authFlowQuery(location.search);

  /** The form is checked with the tab's kind of contact, then sent as the contract's body (../lib/login-form.ts). */
  const submit = (event: React.FormEvent) => {
    form.setValue('contact', contact);
    void form.handleSubmit((body) => send({ ...body, appId }))(event);
  };
  const send = (body: LoginBody) => {
    setBusy(true);
    loginWithPassword(body)
      .then(loggedIn, (failure: unknown) => {
        // the API client showed the server's message; "complete the verification" opens the captcha, then retries
        if (isApiError(failure) && failure.code === ApiCode.CAPTCHA_REQUIRED) setNeedsCaptcha(body);
      })
      .finally(() => setBusy(false));
  };
  const solved = (botCheckToken: string) => {
    const body = needsCaptcha;
    setNeedsCaptcha(undefined);
    if (body) send({ ...body, botCheckToken });
  };

  return (
    <main className="shop-page auth-page" data-testid="login-page">
      <PageHeader title={t('auth.loginTitle')} back={false} />
      <div className="auth-body">
        <div className="auth-toolbar">
          <LanguageSelect value={language} />
        </div>
        <GameChoice value={appId} onChange={chooseGame} />
        <Tabs
          label={t('auth.loginMethods')}
          tabs={methods.map((key) => ({ key, label: t(TAB_LABELS[key]) }))}
          active={method}
          onChange={choose}
        />
        {method === 'otp' ? (
          <DynamicTokenForm appId={appId} onLoggedIn={loggedIn} />
        ) : (
          <form className="form-stack" noValidate onSubmit={submit}>
            <ContactFields
              value={contact}
              onChange={setFields}
              countries={countries}
              country={country}
              onCountry={(iso2, dialCode) => {
                setCountry(iso2);
                setFields({ ...fields, dialCode });
              }}
            />
            <TextField label={t('auth.password')} type="password" autoComplete="current-password" testId="password" value={password} onChange={(value) => form.setValue('password', value)} />
            <FormError messageKey={error} />
            <button type="submit" className="shop-button shop-button--primary shop-button--block" disabled={busy} data-testid="login-submit">
              {t('auth.login')}
            </button>
          </form>
        )}
        {needsCaptcha && <CaptchaDialog onSolved={solved} onClose={closeCaptcha} />}
        <div className="auth-links">
          <Link to={`/login/forgetPassword${handedOn}`} data-testid="to-forget">
            {t('auth.forgot')}
          </Link>
          <Link to={`/login/registerAccount${handedOn}`} data-testid="to-register">
            {t('auth.register')}
          </Link>
        </div>
      </div>
    </main>
  );
}
