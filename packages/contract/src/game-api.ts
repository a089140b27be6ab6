import { z } from 'zod';
import { defineRoute } from './route.ts';
import { text } from './fields.ts';

/**
 * The games' servers call the shop server to server (issue 5): read a role's voucher balance, spend vouchers on an item,
 * reverse a spend. Every request is signed like the shop's calls to the game servers:
 * - `x-game-app-id`: the game (10030, 10002);
 * - `x-game-timestamp`: unix seconds, at most 5 minutes off the shop's clock;
 * - `x-game-signature`: hex HMAC-SHA256 with the game's secret over `${x-game-timestamp}.${raw body}`.
 * Spends and reversals are idempotent by the game's `transactionId` (also accepted as the `idempotency-key` header).
 */
export const GAME_APP_ID_HEADER = 'x-game-app-id';
export const GAME_TIMESTAMP_HEADER = 'x-game-timestamp';
export const GAME_SIGNATURE_HEADER = 'x-game-signature';
/** How far (seconds) a request's timestamp may be from the shop's clock. */
export const GAME_SIGNATURE_WINDOW_SECONDS = 300;

/** A role as the game server names it: server and role id (the shop's binding of it is found by these). */
export const GameRoleRef = z.object({
  serverId: text(64),
  roleId: text(64),
});

export const VoucherBalance = z.object({
  serverId: z.string(),
  roleId: z.string(),
  /** Vouchers (1 voucher = 1 US cent); 0 for a role the shop has never seen. */
  balance: z.number().int(),
});
export type VoucherBalance = z.infer<typeof VoucherBalance>;

export const gameVoucherBalance = defineRoute({
  method: 'POST',
  path: '/game/v1/vouchers/balance',
  auth: 'game',
  summary: "A role's voucher balance: the game shows its voucher buy button only when the balance covers the item's price.",
  body: GameRoleRef,
  data: VoucherBalance,
});

export const SpendBody = GameRoleRef.extend({
  /** The game's id of this purchase: the idempotency key (1-64 characters). */
  transactionId: text(64),
  /** Vouchers to spend: a positive whole number. */
  amount: z.number().int().positive().max(100_000_000),
  /** The game's item id and name, kept with the ledger entry for the player's history. */
  itemId: text(64),
  itemName: text(200).optional(),
});
export type SpendBody = z.input<typeof SpendBody>;

export const SpendResult = z.object({
  transactionId: z.string(),
  amount: z.number().int(),
  /** The balance right after this spend (a retry answers the same figure). */
  balance: z.number().int(),
  /** Set once the spend was reversed. */
  reversed: z.boolean(),
  createdAt: z.string(),
});
export type SpendResult = z.infer<typeof SpendResult>;

export const gameVoucherSpend = defineRoute({
  method: 'POST',
  path: '/game/v1/vouchers/spend',
  auth: 'game',
  summary:
    'Spend vouchers on an item. A retry with the same transactionId and body answers the first result; the same transactionId ' +
    'with a different body answers 409. Not enough vouchers answers 409 and records nothing (the same key may be tried again).',
  body: SpendBody,
  data: SpendResult,
});

export const ReverseBody = z.object({
  /** The transactionId of the spend to reverse. */
  transactionId: text(64),
  reason: text(200).optional(),
});

export const ReverseResult = z.object({
  transactionId: z.string(),
  /** Vouchers given back. */
  amount: z.number().int(),
  /** The balance right after the reversal (a retry answers the same figure). */
  balance: z.number().int(),
});
export type ReverseResult = z.infer<typeof ReverseResult>;

export const gameVoucherReverse = defineRoute({
  method: 'POST',
  path: '/game/v1/vouchers/reverse',
  auth: 'game',
  summary: 'Give back the vouchers of a spend (the item could not be granted). Idempotent: a second call answers the first result.',
  body: ReverseBody,
  data: ReverseResult,
});
