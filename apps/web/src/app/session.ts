import { setUnauthorizedRecovery } from '../shared/api/client';
import { reloginFromSavedPlayer } from '../shared/auth/quick-login';

/** Screens opened from the game: they can log in again from the saved player info instead of going to /login. */
const VOUCHER_FLOW = /^\/(voucher|voucher-instructions|payment\/|pay$|purchaseOrder)/i;

/**
 * Only a session the game's launch opened is opened again from the saved player info: a shop session (password login,
 * a switched account) that ends goes to /login, never into the game's saved player or the demo player.
 */
export function installSessionRecovery(): void {
  setUnauthorizedRecovery(async (lost) =>
    lost?.origin === 'game' && VOUCHER_FLOW.test(location.pathname) ? reloginFromSavedPlayer() : false,
  );
}
