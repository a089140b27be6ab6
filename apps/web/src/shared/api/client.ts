import { getConfig } from '../config/runtime-config';
import { acceptLanguage } from '../i18n/language';
import { isI18nReady, t, whenI18nReady } from '../i18n/i18n';
import { navigateTo } from '../lib/navigation';
import { loginPathReturningTo } from '../auth/login-return';
import { beginLoading } from '../ui/loading';
import { askToRefreshSession } from '../ui/session-dialog';
import { showToast } from '../ui/toast';
import { localStore } from '../storage/storage';
import type { StoredToken } from '../storage/token';
import { createApiClient } from './create-client';
import { takeEarlyResponse } from './early-responses';

type Recovery = (lost: StoredToken | null) => Promise<boolean>;
let recovery: Recovery | undefined;

/** Who may recover from a body code 401 before the player is sent to /login (the voucher flow logs in again). */
export function setUnauthorizedRecovery(fn: Recovery | undefined): void {
  recovery = fn;
}

/**
 * The voucher page's first calls start before the messages are loaded: an error message asked for then is kept as a
 * marker and its toast waits for the messages.
 */
const untranslated = new Map<string, [string, Record<string, unknown> | undefined]>();
let markers = 0;
function translate(key: string, options?: Record<string, unknown>): string {
  if (isI18nReady()) return t(key, options);
  const marker = `\u2063i18n:${(markers += 1)}`;
  untranslated.set(marker, [key, options]);
  return marker;
}
function toast(message: string): void {
  const later = untranslated.get(message);
  if (!later) return showToast(message);
  untranslated.delete(message);
  void whenI18nReady().then(() => showToast(t(...later)));
}

const client = createApiClient({
  // the voucher page's first calls may already be on their way (early-responses.ts)
  fetch: (input, init) => takeEarlyResponse(input, init) ?? globalThis.fetch(input, init),
  apiBase: () => getConfig().apiBase,
  acceptLanguage: () => acceptLanguage(),
  storage: localStore(),
  t: translate,
  toast,
  beginLoading,
  askToRefresh: askToRefreshSession,
  recoverUnauthorized: (lost) => (recovery ? recovery(lost) : Promise.resolve(false)),
  // the page the player was on becomes the login's return target
  toLogin: () => {
    if (location.pathname !== '/login') navigateTo(loginPathReturningTo(location.pathname + location.search), { replace: true });
  },
  reload: () => location.reload(),
});

/** The one API client: typed by the contract's route definitions. */
export const call = client.call;
export const refreshSession = client.refreshSession;
