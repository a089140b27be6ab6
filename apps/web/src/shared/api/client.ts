import { getConfig } from '../config/runtime-config';
import { acceptLanguage } from '../i18n/language';
import { t } from '../i18n/i18n';
import { navigateTo } from '../lib/navigation';
import { beginLoading } from '../ui/loading';
import { askToRefreshSession } from '../ui/session-dialog';
import { showToast } from '../ui/toast';
import { localStore } from '../storage/storage';
import { createApiClient } from './create-client';

type Recovery = () => Promise<boolean>;
let recovery: Recovery | undefined;

/** Who may recover from a body code 401 before the player is sent to /login (the voucher flow logs in again). */
export function setUnauthorizedRecovery(fn: Recovery | undefined): void {
  recovery = fn;
}

const client = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  apiBase: () => getConfig().apiBase,
  acceptLanguage: () => acceptLanguage(),
  storage: localStore(),
  t,
  toast: showToast,
  beginLoading,
  askToRefresh: askToRefreshSession,
  recoverUnauthorized: () => (recovery ? recovery() : Promise.resolve(false)),
  toLogin: () => {
    if (location.pathname !== '/login') navigateTo('/login', { replace: true });
  },
  reload: () => location.reload(),
});

/** The one API client: typed by the contract's route definitions. */
export const call = client.call;
export const refreshSession = client.refreshSession;
