/**
 * The voucher page's first requests and its messages, started as soon as the page's scripts are in: index.html runs
 * this small chunk before the entry, whose evaluation (React, the router, the contract's schemas) takes hundreds of
 * milliseconds on a slow phone. It imports nothing heavy. The API client takes these answers when it makes the same
 * calls (shared/api/early-responses.ts), and the messages' chunk is the one i18n imports, so nothing is fetched twice.
 */
import { fetchEarly } from '../../shared/api/early-responses';
import { acceptLanguage, detectLanguage } from '../../shared/i18n/language';
import { loadMessages } from '../../shared/i18n/messages';
import { DEFAULT_APP_ID } from '@shop/contract/games';
import { clearToken, readToken } from '../../shared/storage/token';
import { quickLoginBody, readPlayerInfo, savePlayerInfo } from '../../shared/storage/uinfo';
import { entryAppId, voucherEntry } from './lib/player-info';

/** The configured API base without validating the whole configuration (a wrong guess only means no early answers). */
function apiBase(): string {
  try {
    const config: unknown = JSON.parse(document.getElementById('shop-config')?.textContent ?? 'null');
    const base = (config as { apiBase?: unknown } | null)?.apiBase;
    if (typeof base === 'string' && base) return base.replace(/\/+$/, '');
  } catch {
    // no or invalid configuration: the development default
  }
  return '/api';
}

function start(): void {
  if (typeof document === 'undefined' || !/^\/voucher\/?$/i.test(location.pathname)) return;
  const language = detectLanguage(location.search);
  loadMessages(language).catch(() => undefined);
  const entry = voucherEntry(new URLSearchParams(location.search), readPlayerInfo(), readToken() !== null);
  // a kept session's calls carry its token: the page makes them itself
  if (entry.kind === 'session') return;
  const base = apiBase();
  const lang = acceptLanguage(language);
  if (entry.kind === 'launch') {
    // as the page does: the player info is saved and a stale token dropped before any call, so none carries it
    savePlayerInfo(entry.player);
    clearToken();
    fetchEarly('POST', `${base}/user/inapp/quick/login`, JSON.stringify(quickLoginBody(entry.player)), lang);
  }
  const appId = encodeURIComponent(String(entryAppId(entry) ?? DEFAULT_APP_ID));
  fetchEarly('POST', `${base}/v1/voucher/list/${appId}`, '{}', lang);
  fetchEarly('GET', `${base}/v1/pay/channel/list/${appId}`, undefined, lang);
  fetchEarly('GET', `${base}/user/ip/country`, undefined, lang);
}

start();
