import { dynamicLogin, dynamicVerify, login, register, resetPassword, type LoginBody, type RegisterBody, type ResetPasswordBody } from '@shop/contract/account';
import { call } from '../../../shared/api/client';
import { queryClient } from '../../../shared/query/query-client';
import { saveToken } from '../../../shared/storage/token';

/** A new session may be another player's: nothing cached for the previous one (accounts, orders, contacts) is shown. */
function startSession(data: Parameters<typeof saveToken>[0]) {
  saveToken(data);
  queryClient.clear();
}

/** Log in and keep the token record exactly as quick login does. */
export async function loginWithPassword(body: LoginBody) {
  const data = await call(login, { body, authRedirect: false });
  startSession(data);
  return data;
}

export async function registerAccount(body: RegisterBody) {
  const data = await call(register, { body, authRedirect: false });
  startSession(data);
  return data;
}

export const resetAccountPassword = (body: ResetPasswordBody) => call(resetPassword, { body, authRedirect: false });

export const checkDynamicToken = (appId: number, token: string) => call(dynamicVerify, { params: { appId }, body: { token } });

export async function loginWithDynamicToken(appId: number, token: string) {
  const data = await call(dynamicLogin, { params: { appId }, body: { token }, authRedirect: false });
  startSession(data);
  return data;
}
