import { randomInt } from 'node:crypto';
import type { JsonObject } from '../shared/body.ts';

export interface XsollaUser {
  id: string;
  email?: string;
  country?: string;
  name?: string;
}

/** What a Pay Station token was created with. */
export interface PaySession {
  token: string;
  expiresAt: number;
  user: XsollaUser;
  externalId?: string;
  language?: string;
  /** Absolute http(s) URL (settings.return_url) the non-framed page returns to. */
  returnUrl?: string;
  sandboxMode: boolean;
  /** Canonical decimal string in major units. */
  amount: string;
  currency: string;
  description?: string;
  customParameters?: JsonObject;
  /** The transaction once the user paid. */
  transactionId?: number;
}

/**
 * delivering: waiting for the shop to accept the payment webhook, done: accepted,
 * troubled: refused by the shop, refunded: refunded through the API.
 */
export type TransactionStatus = 'delivering' | 'done' | 'troubled' | 'refunded';

export interface Transaction {
  id: number;
  session: PaySession;
  status: TransactionStatus;
  /** "YYYY-MM-DD HH:mm:ss" (UTC). */
  paymentDate: string;
}

/** Token lifetime at Xsolla. */
export const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export class XsollaStore {
  readonly sessions = new Map<string, PaySession>();
  readonly transactions = new Map<number, Transaction>();

  liveSession(token: string, now = Date.now()): PaySession | undefined {
    const session = this.sessions.get(token);
    return session && session.expiresAt > now ? session : undefined;
  }

  /** A transaction for this external id that the shop accepted (or that is still being delivered). */
  paidTransaction(externalId: string): Transaction | undefined {
    for (const tx of this.transactions.values()) {
      if (tx.session.externalId === externalId && (tx.status === 'done' || tx.status === 'delivering')) return tx;
    }
    return undefined;
  }

  /**
   * Xsolla transaction ids are integers of about ten digits. Random ones (within int32, so any shop column
   * fits them) keep ids unique across restarts of the stand-in.
   */
  newTransactionId(): number {
    let id: number;
    do id = randomInt(1_000_000_000, 2_147_483_647);
    while (this.transactions.has(id));
    return id;
  }
}
