import type { TokenData } from '@shop/contract/auth';
import { localStore, readJson, writeJson, type KeyValueStorage } from './storage';

/** Local-storage key of the token record (spec section 3). */
export const TOKEN_KEY = 'token';

/**
 * The record as the spec stores it: data, the time it was saved and maxAge (expiresIn seconds x 1000); `origin` 'game'
 * marks a session the game's launch opened (quick login), the only kind the voucher flow may open again by itself.
 */
export interface TokenRecord {
  data: TokenData;
  time: number;
  maxAge: number;
  origin?: 'game';
}
export interface StoredToken extends TokenRecord {
  expired: boolean;
}

export function saveToken(
  data: TokenData,
  now = Date.now(),
  storage: KeyValueStorage = localStore(),
  origin?: TokenRecord['origin'],
): TokenRecord {
  const record: TokenRecord = { data, time: now, maxAge: data.expiresIn * 1000, ...(origin ? { origin } : {}) };
  writeJson(storage, TOKEN_KEY, record);
  return record;
}

export function readToken(now = Date.now(), storage: KeyValueStorage = localStore()): StoredToken | null {
  const record = readJson<TokenRecord>(storage, TOKEN_KEY);
  if (!record || typeof record !== 'object' || !record.data || typeof record.data.token !== 'string') return null;
  const time = Number(record.time);
  const maxAge = Number(record.maxAge);
  return { ...record, expired: !Number.isFinite(time + maxAge) || time + maxAge < now };
}

export function clearToken(storage: KeyValueStorage = localStore()): void {
  storage.removeItem(TOKEN_KEY);
}

/** The Authorization header value: tokenHead + token ("Bearer " when the server sent no head). */
export function authorizationOf(record: TokenRecord): string {
  return `${record.data.tokenHead ?? 'Bearer '}${record.data.token}`;
}
