/**
 * The shop home's first request, started by app/early.ts before the app is evaluated (as the voucher page's): the
 * player's game accounts, which the home needs before it can ask for the products. With the saved token, as the API
 * client sends it; without one (or an expired one) the home does its usual thing.
 */
import { earlyApiBase, fetchEarly } from '../../shared/api/early-responses';
import type { Language } from '@shop/contract/languages';
import { acceptLanguage } from '../../shared/i18n/language';
import { authorizationOf, readToken } from '../../shared/storage/token';

export function startHomeRequests(language: Language): void {
  if (!/^\/home\/?$/i.test(location.pathname)) return;
  const token = readToken();
  if (!token || token.expired) return;
  // shared/roles/get-bound-roles.ts fetchBoundRoles(): POST /v1/role/list with {}
  fetchEarly('POST', `${earlyApiBase()}/v1/role/list`, '{}', acceptLanguage(language), authorizationOf(token));
}
