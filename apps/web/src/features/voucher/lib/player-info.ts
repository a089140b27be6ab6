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
 * The player the game's launch names: with from=close the saved `uinfo` (when there is one), otherwise the query with
 * the spec's defaults for missing values. ts and sign are passed through for signed links.
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

/**
 * How the voucher page gets its session (ADR 0035, docs/adr/0035-player-pages-sessions.md):
 * - `launch`: the game opened it with its launch parameters (a roleId in the query), or reopened it with from=close
 *   when no session is left (the saved `uinfo` is the game's earlier launch): it logs in from them (quick login);
 * - `session`: any other visit with a session keeps it, whoever opened it (the shop, a back link, from=close), and the
 *   page acts for the session's game account; nothing reached from the shop replaces the shop's session;
 * - `guest`: no launch and no session: the page shows the catalogue and asks the player to log in. The spec's demo
 *   defaults only fill the gaps of a launch; they never log anybody in on their own.
 * `appId`: the game whose catalogue to show until the session's game account is known.
 */
export type VoucherEntry =
  | { kind: 'launch'; player: PlayerInfo }
  | { kind: 'session'; appId: number | undefined }
  | { kind: 'guest'; appId: number };

export function voucherEntry(query: URLSearchParams, saved: PlayerInfo | undefined, hasSession: boolean): VoucherEntry {
  const queryAppId = query.has('appId') ? integer(query.get('appId'), DEMO_PLAYER.appId, 1) : undefined;
  const reopened = query.get('from') === 'close';
  const launched = Boolean(query.get('roleId')?.trim());
  if (hasSession && (reopened || !launched)) return { kind: 'session', appId: queryAppId };
  if (launched || (reopened && saved)) return { kind: 'launch', player: playerInfoFromQuery(query, saved) };
  return { kind: 'guest', appId: queryAppId ?? saved?.appId ?? DEMO_PLAYER.appId };
}

/** The game whose catalogue the page shows first (the session's game account may name another one later). */
export const entryAppId = (entry: VoucherEntry): number | undefined =>
  entry.kind === 'launch' ? entry.player.appId : entry.appId;
