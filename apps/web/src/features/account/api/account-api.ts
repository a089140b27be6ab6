import {
  changeEmail,
  changeMobile,
  changePassword,
  checkEmail,
  checkMobile,
  logout,
  type ChangeEmailBody,
  type ChangeMobileBody,
  type ChangePasswordBody,
} from '@shop/contract/account';
import { userInfo } from '@shop/contract/auth';
import { call, refreshSession } from '../../../shared/api/client';
import { clearToken, readToken, saveToken } from '../../../shared/storage/token';

export const fetchUserInfo = () => call(userInfo, {});

/** The server ends every other session and answers fresh tokens for this one: keep them. */
export async function updatePassword(body: ChangePasswordBody) {
  const data = await call(changePassword, { body });
  saveToken(data);
  return data;
}

export const verifyCurrentContact = (kind: 'mobile' | 'email', code: string) =>
  call(kind === 'mobile' ? checkMobile : checkEmail, { body: { code } });

export const bindMobile = (body: ChangeMobileBody) => call(changeMobile, { body });
export const bindEmail = (body: ChangeEmailBody) => call(changeEmail, { body });

/**
 * Ends this session on the server (its refresh-token family), then forgets the tokens whatever the answer. An expired
 * access token is renewed quietly first (no expired-session dialog for a player who is leaving), so the server can still
 * revoke the family.
 */
export async function logOut(): Promise<void> {
  try {
    const record = readToken();
    if (record?.expired && !(await refreshSession())) return;
    const current = readToken();
    if (current) await call(logout, { body: { refreshToken: current.data.refreshToken }, authRedirect: false, quiet: true });
  } catch {
    // an already revoked session is logged out all the same
  } finally {
    clearToken();
  }
}
