/**
 * The shop home's first requests, started by app/early.ts before the app is evaluated (as the voucher page's): the
 * player's game accounts, then, as soon as they are in, the current account's products of the tab the address opens
 * and its free items, and its game's banner and icon. The page needs the accounts before it can ask for the rest: made
 * by the page, those requests would wait for the app's evaluation and first render (on a slow phone most of a second,
 * and the banner is the page's largest picture). With the saved token, as the API client sends it; without one (or an
 * expired one), or without a bound account (the page then shows another game's products), the home does its usual thing.
 */
import { GoodsType } from '@shop/contract/catalog';
import type { Language } from '@shop/contract/languages';
import type { BoundRole } from '@shop/contract/roles';
import { earlyApiBase, fetchEarly } from '../../shared/api/early-responses';
import { acceptLanguage } from '../../shared/i18n/language';
import { preloadGameArt } from '../../shared/lib/preload-game-art';
import { pickCurrentRole } from '../../shared/roles/current-role';
import { authorizationOf, readToken } from '../../shared/storage/token';
import { tabFromQuery, tabOf } from './lib/home-tabs';

const HOME_PATH = /^\/home\/?$/i;

export function startHomeRequests(language: Language): void {
  if (!HOME_PATH.test(location.pathname)) return;
  const token = readToken();
  if (!token || token.expired) return;
  const base = earlyApiBase();
  const lang = acceptLanguage(language);
  const authorization = authorizationOf(token);
  // shared/roles/get-bound-roles.ts fetchBoundRoles(): POST /v1/role/list with {}
  const roles = fetchEarly('POST', `${base}/v1/role/list`, '{}', lang, authorization);
  roles
    .then(async (response) => (response.ok ? ((await response.clone().json()) as { code?: unknown; data?: unknown }) : null))
    .then((envelope) => {
      if (envelope?.code !== 200 || !Array.isArray(envelope.data)) return;
      const current = pickCurrentRole(envelope.data as BoundRole[]);
      if (!current || !Number.isSafeInteger(current.appId)) return;
      // the page's useProducts(appId, goodsType) (features/shop/api/get-products.ts): POST /v1/product/list
      const { goodsType } = tabOf(tabFromQuery(new URLSearchParams(location.search).get('tab')));
      for (const type of [goodsType, GoodsType.FREE]) {
        fetchEarly('POST', `${base}/v1/product/list`, JSON.stringify({ appId: current.appId, goodsType: type }), lang, authorization);
      }
      preloadGameArt(current.appId);
    })
    .catch(() => undefined); // the page asks again itself
}
