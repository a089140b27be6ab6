import { APP_IDS, type AppId } from '@shop/contract/games';

/**
 * The login, register, forgotten-password and dynamic-token help screens hand two query parameters on to each other:
 * where the guest goes after logging in, and the game he comes from (it decides the login and register tabs).
 */
export const RETURN_TO_PARAM = 'redirect';
export const GAME_PARAM = 'appId';

const SUPPORTED_GAMES: readonly number[] = Object.values(APP_IDS);
// resolving a candidate against a made-up origin shows whether it leaves the app: "https://…", "//host", "/\host" and
// paths with tabs or line breaks (which browsers drop, turning "/\t/host" into "//host") all land on another origin
const APP_ORIGIN = 'https://shop.invalid';
const MAX_RETURN_PATH = 2048;
const LOGIN_SCREENS = /^\/login(\/|$)/i;

/** A return target is a path of this app (never an absolute or protocol-relative URL: no open redirect), and never a login screen (that would loop). */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.length > MAX_RETURN_PATH) return undefined;
  let url: URL;
  try {
    url = new URL(value, APP_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== APP_ORIGIN || LOGIN_SCREENS.test(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}

/** One of the two games this shop serves, from a query value or saved player info. */
export function supportedGame(value: string | number | null | undefined): AppId | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const appId = Number(value);
  return SUPPORTED_GAMES.includes(appId) ? (appId as AppId) : undefined;
}

/** The (valid) return target and game of an auth screen's query, ready to append to the next auth screen's path ("" when neither is there). */
export function authFlowQuery(search: string): string {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  const returnTo = safeReturnPath(current.get(RETURN_TO_PARAM));
  if (returnTo) next.set(RETURN_TO_PARAM, returnTo);
  const game = supportedGame(current.get(GAME_PARAM));
  if (game) next.set(GAME_PARAM, String(game));
  const query = next.toString();
  return query ? `?${query}` : '';
}

/** /login remembering the page to come back to (the login guard, a body code 401, "log in to claim"). */
export function loginPathReturningTo(returnTo: string): string {
  const path = safeReturnPath(returnTo);
  return path ? `/login?${new URLSearchParams({ [RETURN_TO_PARAM]: path })}` : '/login';
}
