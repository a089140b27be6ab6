import { z } from 'zod';
import { defineRoute } from './route.ts';
import { gameIdText, int4Id, plainString } from './fields.ts';

export const TOKEN_HEAD = 'Bearer ';

export const TokenData = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
  tokenHead: z.string(),
});
export type TokenData = z.infer<typeof TokenData>;

/**
 * The parameters the game puts in the voucher link. When the game has a launch secret, `ts` (unix seconds) and `sign`
 * (hex HMAC-SHA256 with that secret over QUICK_LOGIN_SIGNED_FIELDS as `key=value` pairs in that order, joined by `&`)
 * must be present and at most 5 minutes old.
 */
export const QUICK_LOGIN_SIGNED_FIELDS = ['accountId', 'appId', 'roleId', 'serverId', 'ts', 'userLevel'] as const;

export const QuickLoginBody = z.object({
  accountId: gameIdText,
  appId: int4Id,
  roleId: gameIdText,
  serverId: gameIdText,
  userLevel: z.coerce.number().int().min(0).max(100_000).default(1),
  ts: z.coerce.number().int().positive().optional(),
  sign: z.string().trim().regex(/^[0-9a-fA-F]{64}$/, 'sign must be 64 hex characters').optional(),
});
export type QuickLoginBody = z.input<typeof QuickLoginBody>;

/** Canonical string the game signs: see QUICK_LOGIN_SIGNED_FIELDS. */
export function quickLoginSigningString(fields: Record<(typeof QUICK_LOGIN_SIGNED_FIELDS)[number], string | number>) {
  return QUICK_LOGIN_SIGNED_FIELDS.map((key) => `${key}=${fields[key]}`).join('&');
}

export const quickLogin = defineRoute({
  method: 'POST',
  path: '/user/inapp/quick/login',
  auth: 'none',
  summary: 'Log in from the game: creates or finds the player and its game account',
  body: QuickLoginBody,
  data: TokenData,
});

export const refreshToken = defineRoute({
  method: 'POST',
  path: '/user/refresh/token',
  auth: 'none',
  summary: 'Rotate the refresh token and issue a new access token; a reused refresh token revokes its family',
  body: z.object({ refreshToken: plainString().min(16).max(200) }),
  data: TokenData,
});

export const GameRole = z.object({
  gameAccountId: z.number().int(),
  appId: z.number().int(),
  gameName: z.string(),
  accountId: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  userLevel: z.number().int(),
});
export type GameRole = z.infer<typeof GameRole>;

export const UserInfo = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  countryCode: z.string().nullable(),
  /** False for a player who only ever came in from the game (quick login): there is no password to change yet. */
  hasPassword: z.boolean(),
  /** The game account the session was opened for (quick login), else the default one. */
  gameRole: GameRole.nullable(),
  voucherBalance: z.number().int(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const userInfo = defineRoute({
  method: 'GET',
  path: '/user/info',
  auth: 'user',
  summary: 'The logged-in player, the game account of the session and its voucher balance',
  data: UserInfo,
});
