/**
 * The voucher page's first requests, started by app/early.ts as soon as that script is in: index.html runs it on its own
 * (an async module script, apps/web/vite.config.ts), not after the app, whose compilation and evaluation (React, the
 * router, the contract's schemas) take hundreds of milliseconds on a slow phone. It imports nothing heavy. The API client
 * takes these answers when it makes the same calls (shared/api/early-responses.ts), so nothing is fetched twice.
 */
import { earlyApiBase, fetchEarly } from '../../shared/api/early-responses';
import type { Language } from '@shop/contract/languages';
import { acceptLanguage } from '../../shared/i18n/language';
import { clearToken } from '../../shared/storage/token';
import { quickLoginBody, readPlayerInfo, savePlayerInfo } from '../../shared/storage/uinfo';
import { playerInfoFromQuery } from './lib/player-info';

export function startVoucherPageRequests(language: Language): void {
  if (!/^\/voucher\/?$/i.test(location.pathname)) return;
  // as the page does: the player info is saved and a stale token dropped before any call, so none carries it
  const player = playerInfoFromQuery(new URLSearchParams(location.search), readPlayerInfo());
  savePlayerInfo(player);
  clearToken();
  const base = earlyApiBase();
  const lang = acceptLanguage(language);
  const appId = encodeURIComponent(String(player.appId));
  fetchEarly('POST', `${base}/user/inapp/quick/login`, JSON.stringify(quickLoginBody(player)), lang);
  fetchEarly('POST', `${base}/v1/voucher/list/${appId}`, '{}', lang);
  fetchEarly('GET', `${base}/v1/pay/channel/list/${appId}`, undefined, lang);
  fetchEarly('GET', `${base}/user/ip/country`, undefined, lang);
}
