import { DEFAULT_APP_ID } from '@shop/contract/games';
import type { Language } from '@shop/contract/languages';
import { warmPriceFormat } from '../../shared/lib/format';
import { queryClient } from '../../shared/query/query-client';
import { readToken } from '../../shared/storage/token';
import { readPlayerInfo } from '../../shared/storage/uinfo';
import { useClientStore } from '../../shared/store/client-store';
import { voucherQueries } from './api/voucher-queries';
import { entryAppId, voucherEntry, type VoucherEntry } from './lib/player-info';
import { regionFromIp } from './lib/region';

/** The visit's entry as a query key part (login, user info). */
export const entryKeyOf = (entry: VoucherEntry) => JSON.stringify(entry);

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
 * IP's channels and the country load at once in every case, the voucher list (priced in the country) once it is in.
 */
export function preloadVoucherPage(pathname: string, search: string, language: Language): void {
  if (!VOUCHER_PATH.test(pathname)) return;
  const entry = currentVoucherEntry(search);
  started = { search, entry };
  const appId = firstAppId(entry);
  const entryKey = entryKeyOf(entry);
  // the page's own queries, started now: its first render finds them in the cache (on their way or answered)
  if (entry.kind === 'launch') {
    // the user info once the login is in; after a failed login the page logs in again on Retry and then asks itself
    void queryClient.fetchQuery(voucherQueries.login(entryKey, entry.player)).then(
      () => queryClient.prefetchQuery(voucherQueries.user(entryKey)),
      () => undefined,
    );
  } else if (entry.kind === 'session') {
    void queryClient.prefetchQuery(voucherQueries.user(entryKey));
  }
  // the public lists do not wait for the login; the packs are priced in the IP's region, so they wait for its lookup
  void queryClient.prefetchQuery(voucherQueries.channels(appId, null));
  void queryClient
    .fetchQuery(voucherQueries.ipCountry())
    .then((code) => queryClient.prefetchQuery(voucherQueries.vouchers(appId, regionFromIp(code ?? undefined), language)));
  // the prices' formatter is built while the calls and the messages are on their way, not during the first render
  setTimeout(() => warmPriceFormat(language), 0);
}
