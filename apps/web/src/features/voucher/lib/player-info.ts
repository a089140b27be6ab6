import { DEFAULT_APP_ID } from '@shop/contract/games';
import type { PlayerInfo } from '../../../shared/storage/uinfo';

/** Used for whatever the game did not send (spec section 2: demo role, server and account, level 1). */
export const DEMO_PLAYER: PlayerInfo = {
  appId: DEFAULT_APP_ID,
  roleId: '10001001',
  serverId: '10001',
  accountId: 'demo-10001',
  userLevel: 1,
};

const text = (value: string | null, fallback: string) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, 64) : fallback;
};

const integer = (value: string | null, fallback: number, min: number) => {
  if (value == null || !/^\s*\d+\s*$/.test(value)) return fallback;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= min ? number : fallback;
};

/**
 * The player the voucher page is for: with from=close the saved `uinfo` (when there is one), otherwise the query with
 * demo defaults for missing values. ts and sign are passed through for signed links.
 */
export function playerInfoFromQuery(query: URLSearchParams, saved: PlayerInfo | undefined): PlayerInfo {
  if (query.get('from') === 'close' && saved) return saved;
  const info: PlayerInfo = {
    appId: integer(query.get('appId'), DEMO_PLAYER.appId, 1),
    roleId: text(query.get('roleId'), DEMO_PLAYER.roleId),
    serverId: text(query.get('serverId'), DEMO_PLAYER.serverId),
    accountId: text(query.get('accountId'), DEMO_PLAYER.accountId),
    userLevel: integer(query.get('userLevel'), DEMO_PLAYER.userLevel, 0),
  };
  const ts = integer(query.get('ts'), 0, 1);
  const sign = query.get('sign')?.trim();
  if (ts && sign) Object.assign(info, { ts, sign });
  return info;
}
