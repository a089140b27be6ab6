/**
 * The shop home's first requests, started by app/early.ts before the app is evaluated (as the voucher page's): the
 * player's game accounts and the player (whose country prices the products, ADR 0050), then, as soon as both are in, the
 * current account's products of the tab the address opens and its free items, and its game's banner and icon. The page needs the accounts before it can ask for the rest: made
 * by the page, those requests would wait for the app's evaluation and first render (on a slow phone most of a second,
 * and the banner is the page's largest picture). With the saved token, as the API client sends it; without one (or an
 * expired one), without a bound account (the page then shows another game's products) or without an account country
 * (the page then looks the IP up first), the home does its usual thing.
 */
import { GoodsType } from '@shop/contract/catalog';
import type { Language } from '@shop/contract/languages';
import type { BoundRole } from '@shop/contract/roles';
import { earlyApiBase, fetchEarly } from '../../shared/api/early-responses';
import { acceptLanguage } from '../../shared/i18n/language';
import { preloadGameArt } from '../../shared/lib/preload-game-art';
import { hasAccountCountry, shopCountryOf } from '../../shared/pricing/shop-country';
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
  const envelopeOf = async (response: Response) =>
    response.ok ? ((await response.clone().json()) as { code?: unknown; data?: unknown }) : null;
  // shared/roles/get-bound-roles.ts fetchBoundRoles(): POST /v1/role/list with {}
  const roles = fetchEarly('POST', `${base}/v1/role/list`, '{}', lang, { authorization }).then(envelopeOf);
  // shared/account/get-user-info.ts fetchUserInfo(): GET /user/info
  const user = fetchEarly('GET', `${base}/user/info`, undefined, lang, { authorization })
    .then(envelopeOf)
    .catch(() => null);
  roles
    .then((envelope) => {
      if (envelope?.code !== 200 || !Array.isArray(envelope.data)) return;
      const current = pickCurrentRole(envelope.data as BoundRole[]);
      if (!current || !Number.isSafeInteger(current.appId)) return;
      preloadGameArt(current.appId);
      return user.then((player) => {
        const countryCode = player?.code === 200 ? (player.data as { countryCode?: string | null } | null)?.countryCode : undefined;
        if (!hasAccountCountry(countryCode)) return;
        // the page's useProducts(appId, goodsType, regionCode) (features/shop/api/get-products.ts): POST /v1/product/list
        const regionCode = shopCountryOf(countryCode, null);
        const { goodsType } = tabOf(tabFromQuery(new URLSearchParams(location.search).get('tab')));
        for (const type of [goodsType, GoodsType.FREE]) {
          fetchEarly('POST', `${base}/v1/product/list`, JSON.stringify({ appId: current.appId, goodsType: type, regionCode }), lang, { authorization });
        }
      });
    })
    .catch(() => undefined); // the page asks again itself
}
