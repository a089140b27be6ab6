import type { QuickLoginBody } from '@shop/contract/auth';
import { localStore, readJson, writeJson, type KeyValueStorage } from './storage';

/** The player info the game passed to the voucher page, kept as `uinfo` so `from=close` and re-logins can reuse it. */
export interface PlayerInfo {
  appId: number;
  roleId: string;
  serverId: string;
  accountId: string;
  userLevel: number;
  /** Signed-link fields, passed through to quick login when the game sent them. */
  ts?: number;
  sign?: string;
}

export const UINFO_KEY = 'uinfo';

export function readPlayerInfo(storage: KeyValueStorage = localStore()): PlayerInfo | undefined {
  const value = readJson<PlayerInfo>(storage, UINFO_KEY);
  if (!value || typeof value !== 'object') return undefined;
  if (!Number.isInteger(value.appId) || !value.roleId || !value.serverId || !value.accountId) return undefined;
  return value;
}

export function savePlayerInfo(info: PlayerInfo, storage: KeyValueStorage = localStore()): void {
  writeJson(storage, UINFO_KEY, info);
}

/** The quick-login body for the player (ts and sign only for signed links), in the order the server is sent it. */
export function quickLoginBody(info: PlayerInfo): QuickLoginBody {
  return {
    appId: info.appId,
    roleId: info.roleId,
    serverId: info.serverId,
    accountId: info.accountId,
    userLevel: info.userLevel,
    ...(info.ts !== undefined && info.sign ? { ts: info.ts, sign: info.sign } : {}),
  };
}
