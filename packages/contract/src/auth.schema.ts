import { z } from 'zod';
import { defineRoute } from './route.ts';
import { gameIdText, int4Id, plainString } from './fields.ts';
import * as table from './auth.ts';

export * from './auth.ts';

export const TokenData = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
  tokenHead: z.string(),
});
export type TokenData = z.infer<typeof TokenData>;

export const QuickLoginBody = z.object({
  accountId: gameIdText,
  appId: int4Id,
  roleId: gameIdText,
  serverId: gameIdText,
  userLevel: z.coerce.number().int().min(0).max(100_000).default(1),
  ts: z.coerce.number().int().positive().optional().describe('Signed launches: when the game signed the link, Unix time in seconds (not milliseconds), within 5 minutes of the server'),
  sign: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, 'sign must be 64 hex characters')
    .optional()
    .describe("Signed launches: hex HMAC-SHA256 with the game's launch secret over accountId=..&appId=..&roleId=..&serverId=..&ts=..&userLevel=.."),
});
export type QuickLoginBody = z.input<typeof QuickLoginBody>;

export const quickLoginSchemas = {
  body: QuickLoginBody,
  data: TokenData,
};
export const quickLoginRoute = defineRoute({ ...table.quickLogin, ...quickLoginSchemas });

export const refreshTokenSchemas = {
  body: z.object({ refreshToken: plainString().min(16).max(200) }),
  data: TokenData,
};
export const refreshTokenRoute = defineRoute({ ...table.refreshToken, ...refreshTokenSchemas });

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

export const userInfoSchemas = {
  data: UserInfo,
};
export const userInfoRoute = defineRoute({ ...table.userInfo, ...userInfoSchemas });
