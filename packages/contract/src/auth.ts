import { routeTable } from './route.ts';
import type * as schema from './auth.schema.ts';

export type { TokenData, QuickLoginBody, GameRole, UserInfo } from './auth.schema.ts';

export const TOKEN_HEAD = 'Bearer ';

/**
 * The parameters the game puts in the voucher link. When the game has a launch secret, `ts` (unix seconds) and `sign`
 * (hex HMAC-SHA256 with that secret over QUICK_LOGIN_SIGNED_FIELDS as `key=value` pairs in that order, joined by `&`)
 * must be present and at most 5 minutes old.
 */
export const QUICK_LOGIN_SIGNED_FIELDS = ['accountId', 'appId', 'roleId', 'serverId', 'ts', 'userLevel'] as const;

/** Canonical string the game signs: see QUICK_LOGIN_SIGNED_FIELDS. */
export function quickLoginSigningString(fields: Record<(typeof QUICK_LOGIN_SIGNED_FIELDS)[number], string | number>) {
  return QUICK_LOGIN_SIGNED_FIELDS.map((key) => `${key}=${fields[key]}`).join('&');
}

export const quickLogin = routeTable<typeof schema.quickLoginSchemas>()({
  method: 'POST',
  path: '/user/inapp/quick/login',
  auth: 'none',
  summary: 'Log in from the game: creates or finds the player and its game account',
});

export const refreshToken = routeTable<typeof schema.refreshTokenSchemas>()({
  method: 'POST',
  path: '/user/refresh/token',
  auth: 'none',
  summary: 'Rotate the refresh token and issue a new access token; a reused refresh token revokes its family',
});

export const userInfo = routeTable<typeof schema.userInfoSchemas>()({
  method: 'GET',
  path: '/user/info',
  auth: 'user',
  summary: 'The logged-in player, the game account of the session and its voucher balance',
});
