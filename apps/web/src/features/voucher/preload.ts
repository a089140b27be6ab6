import { DEFAULT_APP_ID } from '@shop/contract/games';
import type { Language } from '@shop/contract/languages';
import { warmPriceFormat } from '../../shared/lib/format';
import { loginWithPlayerInfo } from '../../shared/auth/quick-login';
import { clearToken, readToken } from '../../shared/storage/token';
import { readPlayerInfo, savePlayerInfo } from '../../shared/storage/uinfo';
import { patchClientState, useClientStore } from '../../shared/store/client-store';
import { fetchChannelsForIp, fetchIpCountry, fetchUserInfo, fetchVoucherList } from './api/voucher-api';
import { entryAppId, voucherEntry, type VoucherEntry } from './lib/player-info';

/**
 * The voucher page's first calls, started by the entry before React and the language are up (they used to start only
 * once the page had rendered). The page's hook takes each promise once, when its key is the one preloaded; a reload or
 * another key asks the server again.
 */
interface Preloaded {
  login: ReturnType<typeof loginWithPlayerInfo>;
  user: ReturnType<typeof fetchUserInfo>;
  vouchers: ReturnType<typeof fetchVoucherList>;
  ip: ReturnType<typeof fetchIpCountry>;
  channels: ReturnType<typeof fetchChannelsForIp>;
}

interface Entry {
  key: string;
  promise: Promise<unknown>;
  /** Set once the call answered: the page's first render can show it at once. */
  settled?: { data: unknown };
  /** The page used the answer (settled) or the promise: a later load asks the server again. */
  taken?: boolean;
}

const pending = new Map<keyof Preloaded, Entry>();
type Data<K extends keyof Preloaded> = Awaited<Preloaded[K]>;

function keep<K extends keyof Preloaded>(name: K, key: string, promise: Preloaded[K]): Preloaded[K] {
  const entry: Entry = { key, promise };
  pending.set(name, entry);
  // a failure is reported by the API client and again to the page when it takes the promise: not an unhandled rejection
  promise.then(
    (data) => {
      entry.settled = { data };
    },
    () => undefined,
  );
  return promise;
}

/** The preloaded call for this key, once (later calls and other keys get undefined and load for themselves). */
export function takePreloaded<K extends keyof Preloaded>(name: K, key: string): Preloaded[K] | undefined {
  const entry = pending.get(name);
  if (!entry || entry.key !== key || entry.taken) return undefined;
  pending.delete(name);
  return entry.promise as Preloaded[K];
}

/**
 * The preloaded answer for this key when it is already in, for the page's first render (the same answer to every
 * caller, as React may call a state initializer twice); the promise is then no longer handed out.
 */
export function takeSettled<K extends keyof Preloaded>(name: K, key: string): { data: Data<K> } | undefined {
  const entry = pending.get(name);
  if (!entry || entry.key !== key || !entry.settled) return undefined;
  entry.taken = true;
  return entry.settled as { data: Data<K> };
}

/** The keys the page uses: the entry (login, user info), the game and language (vouchers), the game (channels). */
export const preloadKeys = {
  entry: (entry: VoucherEntry) => JSON.stringify(entry),
  vouchers: (appId: number, language: Language) => `${appId}:${language}`,
  channels: (appId: number) => String(appId),
};

/** How this visit of the voucher page gets its session (lib/player-info.ts), read from the address and the storage. */
export const currentVoucherEntry = (search: string): VoucherEntry =>
  voucherEntry(new URLSearchParams(search), readPlayerInfo(), readToken() !== null);

/**
 * The game whose catalogue is loaded first: the launch's, else the address's, else the game account the session acted
 * for last time (kept in the client state), else the default game. The session's game account may still name another.
 */
export const firstAppId = (entry: VoucherEntry): number =>
  entryAppId(entry) ?? useClientStore.getState().gameInfo?.appId ?? DEFAULT_APP_ID;

const VOUCHER_PATH = /^\/voucher\/?$/i;

/** The entry the preload decided on: the page's first render takes it (the preload may already have logged in). */
let started: { search: string; entry: VoucherEntry } | undefined;

/** How this visit gets its session: as the preload decided for the page's first render, decided afresh afterwards. */
export function takeVoucherEntry(search: string): VoucherEntry {
  const entry = started?.search === search ? started.entry : currentVoucherEntry(search);
  started = undefined;
  return entry;
}

/**
 * On /voucher: a launch logs in, then asks for the user info; a kept session asks for the user info at once; the
 * voucher list, the IP's channels and the country load at once in every case.
 */
export function preloadVoucherPage(pathname: string, search: string, language: Language): void {
  if (!VOUCHER_PATH.test(pathname)) return;
  const entry = currentVoucherEntry(search);
  started = { search, entry };
  const appId = firstAppId(entry);
  const entryKey = preloadKeys.entry(entry);

  if (entry.kind === 'launch') {
    // as the page does: the player info is saved and a stale token dropped before any call, so none carries it
    savePlayerInfo(entry.player);
    clearToken();
    const login = keep('login', entryKey, loginWithPlayerInfo(entry.player));
    const user = keep('user', entryKey, login.then(() => fetchUserInfo()));
    // after a failed login the page logs in again on Retry, and then asks for the user info itself
    login.catch(() => {
      if (pending.get('user')?.promise === user) pending.delete('user');
    });
  } else if (entry.kind === 'session') {
    keep('user', entryKey, fetchUserInfo());
  }
  // the public lists do not wait for the login
  const cached = useClientStore.getState().voucherLists[String(appId)];
  const list = fetchVoucherList(appId, cached?.language === language).then((answer) => {
    // kept as the page keeps it, so an answer shown by the first render is cached too
    patchClientState({
      voucherLists: { ...useClientStore.getState().voucherLists, [String(appId)]: { language, list: answer } },
    });
    return answer;
  });
  keep('vouchers', preloadKeys.vouchers(appId, language), list);
  keep('channels', preloadKeys.channels(appId), fetchChannelsForIp(appId));
  keep('ip', '', fetchIpCountry());
  // the prices' formatter is built while the calls and the messages are on their way, not during the first render
  setTimeout(() => warmPriceFormat(language), 0);
}
