import { randomUUID } from 'node:crypto';
import { signGameRequest } from './signing.ts';

/** The shop's HTTP status and JSON answer (its envelope `{code, message, data}`), or this client's own error. */
export interface ShopResult {
  status: number;
  answer: unknown;
}

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

  private async call(appId: number, action: string, body: Record<string, unknown>): Promise<ShopResult> {
    const base = this.shopApiUrl();
    const secret = this.secrets[appId];
    if (!base || !secret) return { status: 503, answer: { error: { code: 'NO_SHOP', message: 'this game server does not know the shop' } } };
    const raw = JSON.stringify(body);
    const timestamp = Math.floor(Date.now() / 1000);
    let response: Response;
    try {
      response = await fetch(`${base.replace(/\/+$/, '')}/game/v1/vouchers/${action}`, {
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
    } catch (error) {
      // A shop that is down or too slow is an answer the game shows its player, not a crash of the game server.
      return { status: 503, answer: { error: { code: 'SHOP_UNREACHABLE', message: `the shop could not be reached (${(error as Error).message})` } } };
    }
    return { status: response.status, answer: await response.json().catch(() => undefined) };
  }
}

/** The data of the shop's success envelope `{code, message, data}`; undefined for any refusal or unreadable answer. */
export function shopData(result: ShopResult): Record<string, unknown> | undefined {
  const data = (result.answer as { data?: unknown } | undefined)?.data;
  return result.status === 200 && typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
}

/** Why the shop said no: the envelope's message, this client's own error, or the bare HTTP status. */
export function shopMessage(result: ShopResult): string {
  const answer = result.answer as { message?: unknown; error?: { message?: unknown } } | undefined;
  const message = answer?.message ?? answer?.error?.message;
  return typeof message === 'string' && message ? message : `the shop answered HTTP ${result.status}`;
}
