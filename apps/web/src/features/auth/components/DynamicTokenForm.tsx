import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { DynamicRole } from '@shop/contract/account';
import { authFlowQuery } from '../../../shared/auth/login-return';
import { FormError, TextField } from '../../../shared/forms/Fields';
import { V } from '../../../shared/forms/validation';
import { checkDynamicToken, loginWithDynamicToken } from '../api/auth-api';

/**
 * The one-time dynamic token from the game's settings: checked first so the player sees which role it opens, then used
 * up by the login (spec login tab 0, "otp").
 */
export function DynamicTokenForm({ appId, onLoggedIn }: { appId: number; onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [token, setToken] = useState('');
  const [roles, setRoles] = useState<DynamicRole[]>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = token.trim();
    if (!value) return setError(V.required);
    setError('');
    setBusy(true);
    const step = roles ? loginWithDynamicToken(appId, value).then(onLoggedIn) : checkDynamicToken(appId, value).then((answer) => setRoles(answer.roles));
    step.then(
      () => undefined,
      () => undefined, // the API client showed the server's message
    ).finally(() => setBusy(false));
  };

  return (
    <form className="form-stack" noValidate onSubmit={submit} data-testid="otp-form">
      <TextField
        label={t('auth.dynamicToken')}
        autoComplete="one-time-code"
        testId="dynamic-token"
        value={token}
        onChange={(value) => {
          setToken(value);
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
