import { quickLogin } from '@shop/contract/auth';
import { call } from '../api/client';
import { saveToken } from '../storage/token';
import { localStore } from '../storage/storage';
import { quickLoginBody, readPlayerInfo, type PlayerInfo } from '../storage/uinfo';

/** Quick login from the game's player info (spec section 4, step 1); the token is saved on code 200, marked as the game's. */
export async function loginWithPlayerInfo(info: PlayerInfo, options: { quiet?: boolean } = {}) {
  const data = await call(quickLogin, {
    body: quickLoginBody(info),
    quiet: options.quiet,
    authRedirect: false,
  });
  saveToken(data, Date.now(), localStore(), 'game');
  return data;
}

/** Logs in again from the saved `uinfo` (the voucher flow's answer to a body code 401 of a session the game opened). */
let relogin: Promise<boolean> | undefined;
export function reloginFromSavedPlayer(): Promise<boolean> {
  const info = readPlayerInfo();
  if (!info) return Promise.resolve(false);
  // calls that fail together share one re-login
  relogin ??= loginWithPlayerInfo(info, { quiet: true })
    .then(() => true, () => false)
    .finally(() => {
      relogin = undefined;
    });
  return relogin;
}
