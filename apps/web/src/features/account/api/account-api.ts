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
import { call, refreshSession } from '../../../shared/api/client';
import { invalidateUserInfo } from '../../../shared/account/user-info-key';
import { queryClient } from '../../../shared/query/query-client';
import { clearToken, readToken, saveToken } from '../../../shared/storage/token';

/** The server ends every other session and answers fresh tokens for this one: keep them. */
export async function updatePassword(body: ChangePasswordBody) {
  const data = await call(changePassword, { body });
  saveToken(data);
  void invalidateUserInfo();
  return data;
}

export const verifyCurrentContact = (kind: 'mobile' | 'email', code: string) =>
  call(kind === 'mobile' ? checkMobile : checkEmail, { body: { code } });

export async function bindMobile(body: ChangeMobileBody) {
  const answer = await call(changeMobile, { body });
  void invalidateUserInfo();
  return answer;
}

export async function bindEmail(body: ChangeEmailBody) {
  const answer = await call(changeEmail, { body });
  void invalidateUserInfo();
  return answer;
}

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
    // nothing of this player's (accounts, orders, contacts) is shown to the next one
    queryClient.clear();
  }
}
