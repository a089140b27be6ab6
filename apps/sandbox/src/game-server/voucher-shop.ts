import { randomUUID } from 'node:crypto';
import { signGameRequest } from './signing.ts';

/**
 * The game side of the shop's voucher API: a game server asks the shop for a role's balance and spends vouchers when the
 * player buys an item in the game with them, signing each call like the shop signs its calls to the game
 * (`x-game-app-id`, `x-game-timestamp`, `x-game-signature` over `${timestamp}.${raw body}`).
 */
export class VoucherShopClient {
  constructor(
    private readonly shopApiUrl: () => string | undefined,
    private readonly secrets: Record<number, string>,
  ) {}

  balance(appId: number, role: { serverId: string; roleId: string }) {
    return this.call(appId, 'balance', role);
  }

  /** The game's purchase id is the idempotency key: a retry of the same purchase spends once. */
  spend(appId: number, purchase: { serverId: string; roleId: string; amount: number; itemId: string; itemName?: string; transactionId?: string }) {
    return this.call(appId, 'spend', { ...purchase, transactionId: purchase.transactionId ?? `game-${appId}-${randomUUID()}` });
  }

  reverse(appId: number, transactionId: string, reason?: string) {
    return this.call(appId, 'reverse', { transactionId, ...(reason ? { reason } : {}) });
  }

  private async call(appId: number, action: string, body: Record<string, unknown>): Promise<{ status: number; answer: unknown }> {
    const base = this.shopApiUrl();
    const secret = this.secrets[appId];
    if (!base || !secret) return { status: 503, answer: { error: { code: 'NO_SHOP', message: 'this game server does not know the shop' } } };
    const raw = JSON.stringify(body);
    const timestamp = Math.floor(Date.now() / 1000);
    const response = await fetch(`${base.replace(/\/+$/, '')}/game/v1/vouchers/${action}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-game-app-id': String(appId),
        'x-game-timestamp': String(timestamp),
        'x-game-signature': signGameRequest(secret, timestamp, raw),
      },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, answer: await response.json().catch(() => undefined) };
  }
}
