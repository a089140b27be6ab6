/**
 * The voucher page's first requests, started by app/early.ts as soon as that script is in: index.html runs it on its own
 * (an async module script, apps/web/vite.config.ts), not after the app, whose compilation and evaluation (React, the
 * router, the contract's schemas) take hundreds of milliseconds on a slow phone. It imports nothing heavy. The API client
 * takes these answers when it makes the same calls (shared/api/early-responses.ts), so nothing is fetched twice.
 */
import { DEFAULT_APP_ID } from '@shop/contract/games';
import type { Language } from '@shop/contract/languages';
import { earlyApiBase, fetchEarly } from '../../shared/api/early-responses';
import { acceptLanguage } from '../../shared/i18n/language';
import { preloadGameArt } from '../../shared/lib/preload-game-art';
import { clearToken, readToken } from '../../shared/storage/token';
import { quickLoginBody, readPlayerInfo, savePlayerInfo } from '../../shared/storage/uinfo';
import { entryAppId, voucherEntry } from './lib/player-info';
import { regionFromIp } from './lib/region';

export function startVoucherPageRequests(language: Language): void {
  if (!/^\/voucher\/?$/i.test(location.pathname)) return;
  const entry = voucherEntry(new URLSearchParams(location.search), readPlayerInfo(), readToken() !== null);
  // a kept session's calls carry its token: the page makes them itself
  if (entry.kind === 'session') return;
  const base = earlyApiBase();
  const lang = acceptLanguage(language);
  if (entry.kind === 'launch') {
    // as the page does: the player info is saved and a stale token dropped before any call, so none carries it
    savePlayerInfo(entry.player);
    clearToken();
    fetchEarly('POST', `${base}/user/inapp/quick/login`, JSON.stringify(quickLoginBody(entry.player)), lang);
  }
  const appId = entryAppId(entry) ?? DEFAULT_APP_ID;
  const path = encodeURIComponent(String(appId));
  fetchEarly('GET', `${base}/v1/pay/channel/list/${path}`, undefined, lang);
  // the packs are priced in the region the selector starts at, the IP's (ADR 0050): asked for as soon as it is known,
  // with the query the page sends (api/voucher-api.ts fetchVoucherList), before the page gets the IP's answer; a failed
  // lookup means the default region
  fetchEarly('GET', `${base}/user/ip/country`, undefined, lang, {
    beforeTaken: async (response) => {
      const envelope = response.ok ? ((await response.clone().json()) as { code?: unknown; data?: unknown }) : null;
      const regionCode = regionFromIp(envelope?.code === 200 ? envelope.data : undefined);
      // a public list: the page asks for it with the token if the launch's login is in by then
      // the URL and body the client sends (shared/api/create-client.ts: apiUrl; a POST's body is at least {}), so the
      // page takes this answer
      fetchEarly('POST', `${base}/v1/voucher/list/${path}?${new URLSearchParams({ regionCode }).toString()}`, '{}', lang, { anyCaller: true });
    },
  });
  // the header's game art (components/PlayerHeader.tsx: the launched game's, or the default game's for a guest)
  if (Number.isSafeInteger(appId)) preloadGameArt(appId);
}
