import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { DynamicRole, DynamicTokenBody } from '@shop/contract/account';
import { authFlowQuery } from '../../../shared/auth/login-return';
import { FormError, TextField } from '../../../shared/forms/Fields';
import { checkDynamicToken, loginWithDynamicToken } from '../api/auth-api';
import { dynamicTokenFormResolver, type DynamicTokenFormInput } from '../lib/dynamic-token-form';

/**
 * The one-time dynamic token from the game's settings: checked first so the player sees which role it opens, then used
 * up by the login (spec login tab 0, "otp").
 */
export function DynamicTokenForm({ appId, onLoggedIn }: { appId: number; onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const form = useForm<DynamicTokenFormInput, unknown, DynamicTokenBody>({ resolver: dynamicTokenFormResolver, defaultValues: { token: '' } });
  const token = useWatch({ control: form.control, name: 'token' });
  const error = form.formState.errors.token?.message ?? '';
  const [roles, setRoles] = useState<DynamicRole[]>();
  const [busy, setBusy] = useState(false);

  /** The token passed its checks (../lib/dynamic-token-form.ts): shown as its role first, then used to log in. */
  const submit = ({ token: checked }: DynamicTokenBody) => {
    setBusy(true);
    const step = roles ? loginWithDynamicToken(appId, checked).then(onLoggedIn) : checkDynamicToken(appId, checked).then((answer) => setRoles(answer.roles));
    step.then(
      () => undefined,
      () => undefined, // the API client showed the server's message
    ).finally(() => setBusy(false));
  };

  return (
    <form className="form-stack" noValidate onSubmit={form.handleSubmit(submit)} data-testid="otp-form">
      <TextField
        label={t('auth.dynamicToken')}
        autoComplete="one-time-code"
        testId="dynamic-token"
        value={token}
        onChange={(value) => {
          form.setValue('token', value);
          setRoles(undefined);
        }}
      />
      {roles?.map((role) => (
        <p key={`${role.appId}:${role.serverId}:${role.roleId}`} className="auth-role" data-testid="dynamic-role">
          {t('auth.dynamicRole', { game: role.gameName, server: role.serverName, role: role.roleId })}
        </p>
      ))}
      <FormError messageKey={error} />
      <button type="submit" className="shop-button shop-button--primary shop-button--block" disabled={busy} data-testid="otp-submit">
        {t(roles ? 'auth.login' : 'auth.dynamicCheck')}
      </button>
      <Link to={`/login/dynamicTokenHelp${authFlowQuery(search)}`} className="auth-help" data-testid="to-dynamic-help">
        {t('auth.dynamicHelpLink')}
      </Link>
    </form>
  );
}
