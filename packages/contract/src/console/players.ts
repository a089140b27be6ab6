import { z } from 'zod';
import { entityId, freeText, plainString, text } from '../fields.ts';
import { defineRoute } from '../route.ts';
import { VoucherEntryKind } from '../voucher-history.ts';
import { Permission } from './access.ts';
import { cursorPaging, IdCursor, pageLinks, TimedCursor } from './paging.ts';

/**
 * The console's players: lookup by e-mail, phone, game ID or role; a player's account, roles, voucher ledger and
 * orders; manual voucher adjustments through the ledger; ending sessions; blocking and unblocking.
 */

/** What a lookup searches: `auto` guesses from the input (an @ is an e-mail; otherwise phone, game ID and role at once). */
export const PlayerLookupBy = z.enum(['auto', 'email', 'phone', 'gameId', 'role']);
export type PlayerLookupBy = z.infer<typeof PlayerLookupBy>;

/** What a result matched: its e-mail, phone, a role's game account id (game ID), role id or role name. */
export const PlayerMatch = z.enum(['email', 'phone', 'gameId', 'roleId', 'roleName']);
export type PlayerMatch = z.infer<typeof PlayerMatch>;

/** A player's relation to a role: launched into it by the game (owner), or bound by game ID on the web (bound). */
export const RoleRelation = z.enum(['owner', 'bound']);
export type RoleRelation = z.infer<typeof RoleRelation>;

/** Most results of one lookup (players and roles each); `truncated` says when more matched. */
export const PLAYER_SEARCH_LIMIT = 50;

export const RoleView = z.object({
  gameAccountId: z.number().int(),
  appId: z.number().int(),
  gameName: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  /** The game ID (the role's game account id). */
  accountId: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  userLevel: z.number().int(),
  /** The player the game's launch vouched for; null while only bound by game ID. */
  ownerUserId: z.number().int().nullable(),
  balance: z.number().int(),
});
export type RoleView = z.infer<typeof RoleView>;

export const PlayerSummary = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  countryCode: z.string().nullable(),
  createdAt: z.string(),
  blockedAt: z.string().nullable(),
});
export type PlayerSummary = z.infer<typeof PlayerSummary>;

export const PlayerSearchHit = PlayerSummary.extend({
  matchedBy: z.array(PlayerMatch),
  /** The matching roles this player owns or bound. */
  roles: z.array(RoleView.extend({ relation: RoleRelation })),
});
export type PlayerSearchHit = z.infer<typeof PlayerSearchHit>;

export const PlayerSearchResult = z.object({
  players: z.array(PlayerSearchHit),
  /** Matching roles nobody owns or bound (no player to show them under). */
  roles: z.array(RoleView.extend({ matchedBy: z.array(PlayerMatch) })),
  /** More matched than PLAYER_SEARCH_LIMIT: narrow the search. */
  truncated: z.boolean(),
});
export type PlayerSearchResult = z.infer<typeof PlayerSearchResult>;

export const consolePlayerSearch = defineRoute({
  method: 'GET',
  path: '/console/v1/players',
  auth: 'operator',
  permission: Permission.PLAYERS_READ,
  summary:
    'Finds players by e-mail, phone (E.164 or as typed: +44 7400 123456, 0044..., 447400123456), game ID (the game account id), ' +
    'role id or role name (case-insensitive, whole name or its beginning). Roles nobody owns or bound are answered on their own.',
  query: z.object({ q: text(254), by: PlayerLookupBy.default('auto') }),
  data: PlayerSearchResult,
});

const playerParams = z.object({ id: entityId });
const roleParams = z.object({ gameAccountId: entityId });

export const PlayerAccount = PlayerSummary.extend({
  blockedReason: z.string().nullable(),
  hasPassword: z.boolean(),
  updatedAt: z.string(),
});
export type PlayerAccount = z.infer<typeof PlayerAccount>;

export const PlayerRole = RoleView.extend({ relation: RoleRelation, isDefault: z.boolean() });
export type PlayerRole = z.infer<typeof PlayerRole>;

export const PlayerDetail = z.object({
  player: PlayerAccount,
  /** The roles the player shops for: owned ones first, then bound ones; the default one is marked. */
  roles: z.array(PlayerRole),
});
export type PlayerDetail = z.infer<typeof PlayerDetail>;

export const consolePlayer = defineRoute({
  method: 'GET',
  path: '/console/v1/players/:id',
  auth: 'operator',
  permission: Permission.PLAYERS_READ,
  summary: "A player's account (contacts, country, created, blocked state and reason) and the roles they own or bound, with voucher balances",
  params: playerParams,
  data: PlayerDetail,
});

export const PlayerOrder = z.object({
  id: z.number().int(),
  orderSn: z.string(),
  appId: z.number().int(),
  gameAccountId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  orderSource: z.string(),
  status: z.number().int(),
  currency: z.string(),
  totalAmountMinor: z.number().int(),
  payAmountMinor: z.number().int(),
  provider: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PlayerOrder = z.infer<typeof PlayerOrder>;


export const consolePlayerOrders = defineRoute({
  method: 'GET',
  path: '/console/v1/players/:id/orders',
  auth: 'operator',
  permission: Permission.PLAYERS_READ,
  summary: 'The orders the player placed, newest first (also the ones they removed from My Orders); paged by cursor',
  params: playerParams,
  query: z.object(cursorPaging(TimedCursor)),
  /** `total` is counted up to LIST_COUNT_CAP (`totalCapped` when there are more). */
  data: z.object({ total: z.number().int(), totalCapped: z.boolean(), orders: z.array(PlayerOrder), ...pageLinks }),
});

export const RolePlayer = PlayerSummary.extend({ relation: RoleRelation, isDefault: z.boolean() });

export const RoleDetail = z.object({
  role: RoleView,
  /** The owner and every player who bound the role. */
  players: z.array(RolePlayer),
});
export type RoleDetail = z.infer<typeof RoleDetail>;

export const consolePlayerRole = defineRoute({
  method: 'GET',
  path: '/console/v1/players/roles/:gameAccountId',
  auth: 'operator',
  permission: Permission.PLAYERS_READ,
  summary: 'One game role: its game, server, voucher balance, owner and the players who bound it',
  params: roleParams,
  data: RoleDetail,
});

/** A ledger kind: the shop's four, and `adjustment` (an operator's manual credit or debit). */
export const LedgerEntryView = z.object({
  id: z.number().int(),
  kind: VoucherEntryKind,
  /** Positive credits, negative debits. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
  orderId: z.number().int().nullable(),
  orderSn: z.string().nullable(),
  /** The game's item behind a spend or its reversal. */
  itemName: z.string().nullable(),
  reference: z.string(),
  /** Adjustments: the operator's reason and who made it. */
  reason: z.string().nullable(),
  operator: z.string().nullable(),
});
export type LedgerEntryView = z.infer<typeof LedgerEntryView>;

export const consoleRoleLedger = defineRoute({
  method: 'GET',
  path: '/console/v1/players/roles/:gameAccountId/ledger',
  auth: 'operator',
  permission: Permission.PLAYERS_READ,
  summary: "A role's voucher balance and ledger, newest first, paged by cursor",
  params: roleParams,
  query: z.object(cursorPaging(IdCursor)),
  /** `total` is counted up to LIST_COUNT_CAP (`totalCapped` when there are more). */
  data: z.object({ balance: z.number().int(), total: z.number().int(), totalCapped: z.boolean(), entries: z.array(LedgerEntryView), ...pageLinks }),
});

/** The most vouchers one adjustment may move (a typo of a few zeros is refused, not applied). */
export const MAX_VOUCHER_ADJUSTMENT = 1_000_000;

export const AdjustDirection = z.enum(['credit', 'debit']);
export type AdjustDirection = z.infer<typeof AdjustDirection>;

export const AdjustVouchersBody = z.object({
  direction: AdjustDirection,
  /** Vouchers to add or take away: a whole number 1..MAX_VOUCHER_ADJUSTMENT. */
  amount: z.number().int().min(1).max(MAX_VOUCHER_ADJUSTMENT),
  reason: freeText(500).min(3),
  /**
   * Generated by the console once per adjustment dialog: the same key again (a double click, a retry after a lost
   * answer) answers the first result and changes nothing.
   */
  key: plainString().regex(/^[A-Za-z0-9-]{16,64}$/, 'a key of 16..64 letters, digits or dashes'),
});
export type AdjustVouchersBody = z.infer<typeof AdjustVouchersBody>;

export const consoleAdjustVouchers = defineRoute({
  method: 'POST',
  path: '/console/v1/players/roles/:gameAccountId/vouchers',
  auth: 'operator',
  permission: Permission.PLAYERS_ADJUST_VOUCHERS,
  summary:
    "Credits or debits a role's vouchers through the ledger (kind adjustment), with a reason; audited with the balance before and after. " +
    'A debit beyond the balance is refused and changes nothing. The same key again answers the first result (replayed: true).',
  params: roleParams,
  body: AdjustVouchersBody,
  data: z.object({ entry: LedgerEntryView, balance: z.number().int(), replayed: z.boolean() }),
});

export const consoleEndPlayerSessions = defineRoute({
  method: 'POST',
  path: '/console/v1/players/:id/sessions/end',
  auth: 'operator',
  permission: Permission.PLAYERS_END_SESSIONS,
  summary: "Ends every session of the player at once: their access tokens stop working and their refresh tokens are revoked",
  params: playerParams,
  data: PlayerAccount,
});

export const consoleBlockPlayer = defineRoute({
  method: 'POST',
  path: '/console/v1/players/:id/block',
  auth: 'operator',
  permission: Permission.PLAYERS_BLOCK,
  summary: 'Blocks the player: every session ends and no login works (password, code, launch from the game, refresh) until unblocked',
  params: playerParams,
  body: z.object({ reason: freeText(500).min(3) }),
  data: PlayerAccount,
});

export const consoleUnblockPlayer = defineRoute({
  method: 'POST',
  path: '/console/v1/players/:id/unblock',
  auth: 'operator',
  permission: Permission.PLAYERS_BLOCK,
  summary: 'Unblocks the player: logging in works again (their sessions stay ended)',
  params: playerParams,
  body: z.object({ reason: freeText(500).optional() }),
  data: PlayerAccount,
});
