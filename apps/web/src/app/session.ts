import { setUnauthorizedRecovery } from '../shared/api/client';
import { reloginFromSavedPlayer } from '../shared/auth/quick-login';

/** Screens opened from the game: they can log in again from the saved player info instead of going to /login. */
const VOUCHER_FLOW = /^\/(voucher|voucher-instructions|payment\/|pay$|purchaseOrder)/i;

export function installSessionRecovery(): void {
  setUnauthorizedRecovery(async () => (VOUCHER_FLOW.test(location.pathname) ? reloginFromSavedPlayer() : false));
}
