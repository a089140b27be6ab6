import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type {
  LedgerEntryView,
  PlayerDetail,
  PlayerLookupBy,
  PlayerMatch,
  PlayerOrder,
  PlayerSearchHit,
  PlayerSearchResult,
  RoleDetail,
  RoleRelation,
  RoleView,
} from '@shop/contract/console/players';
import { PLAYER_SEARCH_LIMIT } from '@shop/contract/console/players';
import type { PageLinks, PagePosition } from '@shop/contract/console/paging';
import type { VoucherEntryKind } from '@shop/contract/voucher-history';
import type { Db, Executor } from '../../../db/client.ts';
import { auditLog, gameAccounts, gameServers, games, gameVoucherSpends, orders, playerRoles, users, voucherAccounts, voucherLedger } from '../../../db/schema.ts';
import { notFound } from '../../../shared/domain-errors.ts';
import type { LedgerEntry, VoucherLedger } from '../../vouchers/ledger.ts';
import { afterCursor, cappedCount, cursorTime, pageOf, readingOrder, type ListOrder } from '../keyset.ts';
import { gameIdIs, roleIdIs, roleNameStartsWith } from '../role-match.ts';
import { ADJUST_ACTION, account, iso, requireUser, summary } from './player-rows.ts';


interface Paging {
  cursor?: PagePosition | undefined;
  pageSize: number;
}
/** A player's orders newest first (by creation, then id); a role's ledger newest first by id. */
const PLAYER_ORDERS: ListOrder = { at: sql`${orders.createdAt}`, id: sql`${orders.id}`, newestFirst: true };
const ROLE_LEDGER: ListOrder = { id: sql`${voucherLedger.id}`, newestFirst: true };

/**
 * The E.164 forms a phone typed by an operator may stand for: "+44 7400 123456", "0044 7400 123456", "447400123456",
 * "+44 (0)7400 123456". Stored phones are E.164 (the shop normalises them with libphonenumber-js on the way in), so the
 * same parser gives the stored form; the digits as typed are tried too. Empty when the input cannot be a phone.
 */
export function phoneCandidates(raw: string): string[] {
  let value = raw.trim().replace(/\(0\)/g, '').replace(/[\s\-()./]/g, '');
  if (value.startsWith('00')) value = `+${value.slice(2)}`;
  if (!value.startsWith('+')) value = `+${value}`;
  if (!/^\+\d{4,17}$/.test(value)) return [];
  const candidates = new Set([value]);
  const parsed = parsePhoneNumberFromString(value);
  if (parsed) candidates.add(parsed.number);
  return [...candidates];
}

/** Whether an input looks like a phone number (digits with the usual separators, at least six digits). */
const looksLikePhone = (raw: string) => /^[+(\d][\d\s\-()./]*$/.test(raw.trim()) && (raw.match(/\d/g)?.length ?? 0) >= 6;

/**
 * The roles a lookup may mean, newest first: by game ID, role id or the start of the role name, as `by` asks (`auto`
 * tries all three unless the input is an e-mail). Nothing to ask when `by` names no role field. Each condition is
 * index-served (role-match.ts), so the OR never reads the whole table.
 */
export function matchingRoles(db: Executor, q: string, by: PlayerLookupBy, limit: number) {
  const auto = by === 'auto' && !q.includes('@');
  const conditions: SQL[] = [];
  if (by === 'gameId' || auto) conditions.push(gameIdIs(q));
  if (by === 'role' || auto) conditions.push(roleIdIs(q), roleNameStartsWith(q));
  if (!conditions.length) return undefined;
  return db
    .select({ id: gameAccounts.id, accountId: gameAccounts.accountId, roleId: gameAccounts.roleId, roleName: gameAccounts.roleName })
    .from(gameAccounts)
    .where(or(...conditions))
    .orderBy(desc(gameAccounts.id))
    .limit(limit);
}

/**
 * The console's players as operators read them: lookup, a player's account, roles, orders and voucher ledger. The
 * changes are PlayerAccounts (sessions, blocking) and PlayerVoucherAdjustments.
 */
export class PlayerDirectory {
  constructor(
    private readonly db: Db,
    private readonly ledger: Pick<VoucherLedger, 'balance'>,
  ) {}

  // ---- lookup ----------------------------------------------------------------------------------------------------

  async search(rawQuery: string, by: PlayerLookupBy): Promise<PlayerSearchResult> {
    const q = rawQuery.trim();
    const auto = by === 'auto';
    const isEmail = q.includes('@');
    const limit = PLAYER_SEARCH_LIMIT + 1;
    let truncated = false;

    // Players found by their own contacts.
    const direct = new Map<number, Set<PlayerMatch>>();
    const userConditions: { match: PlayerMatch; where: SQL }[] = [];
    if (by === 'email' || (auto && isEmail)) userConditions.push({ match: 'email', where: eq(users.email, q.toLowerCase()) });
    if (by === 'phone' || (auto && !isEmail && looksLikePhone(q))) {
      const phones = phoneCandidates(q);
      if (phones.length) userConditions.push({ match: 'phone', where: inArray(users.mobile, phones) });
    }
    for (const { match, where } of userConditions) {
      const rows = await this.db.select({ id: users.id }).from(users).where(where).limit(limit);
      if (rows.length === limit) truncated = true;
      for (const { id } of rows.slice(0, PLAYER_SEARCH_LIMIT)) (direct.get(id) ?? direct.set(id, new Set()).get(id)!).add(match);
    }

    // Roles found by game ID, role id or role name.
    const roleMatches = new Map<number, Set<PlayerMatch>>();
    const roleQuery = matchingRoles(this.db, q, by, limit);
    if (roleQuery) {
      const rows = await roleQuery;
      if (rows.length === limit) truncated = true;
      const lowered = q.toLowerCase();
      for (const row of rows.slice(0, PLAYER_SEARCH_LIMIT)) {
        const matches = new Set<PlayerMatch>();
        if ((by === 'gameId' || auto) && row.accountId === q) matches.add('gameId');
        if ((by === 'role' || auto) && row.roleId === q) matches.add('roleId');
        if ((by === 'role' || auto) && row.roleName.toLowerCase().startsWith(lowered)) matches.add('roleName');
        if (matches.size) roleMatches.set(row.id, matches);
      }
    }

    // Who owns or bound the roles found.
    const roleIds = [...roleMatches.keys()];
    const roles = await this.roleViews(this.db, roleIds);
    const relations = new Map<number, { gameAccountId: number; relation: RoleRelation }[]>();
    const claimed = new Set<number>();
    const relate = (userId: number, gameAccountId: number, relation: RoleRelation) => {
      claimed.add(gameAccountId);
      const list = relations.get(userId) ?? relations.set(userId, []).get(userId)!;
      if (!list.some((item) => item.gameAccountId === gameAccountId)) list.push({ gameAccountId, relation });
    };
    for (const role of roles.values()) if (role.ownerUserId !== null) relate(role.ownerUserId, role.gameAccountId, 'owner');
    if (roleIds.length) {
      const bindings = await this.db
        .select({ userId: playerRoles.userId, gameAccountId: playerRoles.gameAccountId })
        .from(playerRoles)
        .where(inArray(playerRoles.gameAccountId, roleIds))
        .limit(PLAYER_SEARCH_LIMIT * 4);
      for (const binding of bindings) relate(binding.userId, binding.gameAccountId, 'bound');
    }

    const userIds = [...new Set([...direct.keys(), ...relations.keys()])];
    if (userIds.length > PLAYER_SEARCH_LIMIT) truncated = true;
    const userRows = userIds.length ? await this.db.select().from(users).where(inArray(users.id, userIds.slice(0, PLAYER_SEARCH_LIMIT))) : [];
    const players: PlayerSearchHit[] = userRows
      .map((row) => {
        const matchedBy = new Set(direct.get(row.id));
        const related = (relations.get(row.id) ?? []).map(({ gameAccountId, relation }) => {
          for (const match of roleMatches.get(gameAccountId) ?? []) matchedBy.add(match);
          return { ...roles.get(gameAccountId)!, relation };
        });
        return { ...summary(row), matchedBy: [...matchedBy], roles: related };
      })
      // players matched by their own contacts first, then by id (newest first)
      .sort((a, b) => Number(direct.has(b.id)) - Number(direct.has(a.id)) || b.id - a.id);
    const unclaimed = roleIds.filter((id) => !claimed.has(id)).map((id) => ({ ...roles.get(id)!, matchedBy: [...roleMatches.get(id)!] }));
    return { players, roles: unclaimed, truncated };
  }

  // ---- reading ---------------------------------------------------------------------------------------------------

  /** Roles by id, with their game, server name and voucher balance. */
  private async roleViews(executor: Executor, ids: number[]): Promise<Map<number, RoleView>> {
    if (!ids.length) return new Map();
    const rows = await executor
      .select({
        account: gameAccounts,
        gameName: games.name,
        serverName: gameServers.serverName,
        balance: voucherAccounts.balance,
      })
      .from(gameAccounts)
      .leftJoin(games, eq(games.appId, gameAccounts.appId))
      .leftJoin(gameServers, and(eq(gameServers.appId, gameAccounts.appId), eq(gameServers.serverId, gameAccounts.serverId)))
      .leftJoin(voucherAccounts, eq(voucherAccounts.gameAccountId, gameAccounts.id))
      .where(inArray(gameAccounts.id, ids));
    return new Map(
      rows.map(({ account: role, gameName, serverName, balance }) => [
        role.id,
        {
          gameAccountId: role.id,
          appId: role.appId,
          gameName: gameName ?? String(role.appId),
          serverId: role.serverId,
          serverName: serverName ?? `S${role.serverId}`,
          accountId: role.accountId,
          roleId: role.roleId,
          roleName: role.roleName,
          userLevel: role.userLevel,
          ownerUserId: role.ownerUserId,
          balance: Number(balance ?? 0),
        },
      ]),
    );
  }

  async requireRole(executor: Executor, gameAccountId: number): Promise<RoleView> {
    const role = (await this.roleViews(executor, [gameAccountId])).get(gameAccountId);
    if (!role) throw notFound('consoleRoleNotFound');
    return role;
  }

  async player(id: number): Promise<PlayerDetail> {
    const row = await requireUser(this.db, id);
    const [bindings, owned] = await Promise.all([
      this.db.select({ gameAccountId: playerRoles.gameAccountId, isDefault: playerRoles.isDefault }).from(playerRoles).where(eq(playerRoles.userId, id)),
      this.db.select({ id: gameAccounts.id }).from(gameAccounts).where(eq(gameAccounts.ownerUserId, id)),
    ]);
    const defaults = new Map(bindings.map((binding) => [binding.gameAccountId, binding.isDefault]));
    const views = await this.roleViews(this.db, [...new Set([...bindings.map((b) => b.gameAccountId), ...owned.map((o) => o.id)])]);
    const roles = [...views.values()]
      .map((role) => ({ ...role, relation: (role.ownerUserId === id ? 'owner' : 'bound') as RoleRelation, isDefault: defaults.get(role.gameAccountId) ?? false }))
      .sort((a, b) => Number(b.relation === 'owner') - Number(a.relation === 'owner') || Number(b.isDefault) - Number(a.isDefault) || a.gameAccountId - b.gameAccountId);
    return { player: account(row), roles };
  }

  /** The player's orders, newest first, a page after or before the cursor (index orders_user_created_idx). */
  async orders(id: number, paging: Paging): Promise<{ total: number; totalCapped: boolean; orders: PlayerOrder[] } & PageLinks> {
    await requireUser(this.db, id);
    const own = eq(orders.userId, id);
    const [read, counted] = await Promise.all([
      this.db
        .select({ at: cursorTime(sql`${orders.createdAt}`), order: orders, roleName: gameAccounts.roleName })
        .from(orders)
        .leftJoin(gameAccounts, eq(gameAccounts.id, orders.gameAccountId))
        .where(and(own, afterCursor(PLAYER_ORDERS, paging.cursor)))
        .orderBy(...readingOrder(PLAYER_ORDERS, paging.cursor))
        .limit(paging.pageSize + 1),
      cappedCount(this.db, sql`SELECT 1 FROM ${orders} WHERE ${own}`),
    ]);
    const page = pageOf(read, paging.pageSize, paging.cursor, (row) => ({ at: row.at, id: row.order.id }));
    return {
      ...counted,
      nextCursor: page.nextCursor,
      prevCursor: page.prevCursor,
      orders: page.rows.map(({ order, roleName }) => ({
        id: order.id,
        orderSn: order.orderSn,
        appId: order.appId,
        gameAccountId: order.gameAccountId,
        roleName,
        orderSource: order.orderSource,
        status: order.status,
        currency: order.currency,
        totalAmountMinor: order.totalAmountMinor,
        payAmountMinor: order.payAmountMinor,
        provider: order.thirdChannelName,
        createdAt: order.createdAt.toISOString(),
        paidAt: iso(order.paidAt),
      })),
    };
  }

  async role(gameAccountId: number): Promise<RoleDetail> {
    const role = await this.requireRole(this.db, gameAccountId);
    // The players' ids first (the owner, and those bound through player_roles_role_idx), then those players by primary
    // key: `id = owner OR id IN (bound)` in one statement made PostgreSQL read every player's id (231 ms at 500,000
    // players, docs/perf/scale-bench.md).
    const bound = await this.db.select({ id: playerRoles.userId }).from(playerRoles).where(eq(playerRoles.gameAccountId, gameAccountId)).limit(200);
    const ids = [...new Set([...(role.ownerUserId !== null ? [role.ownerUserId] : []), ...bound.map((row) => row.id)])];
    const rows = ids.length
      ? await this.db
          .select({ user: users, isDefault: playerRoles.isDefault })
          .from(users)
          .leftJoin(playerRoles, and(eq(playerRoles.userId, users.id), eq(playerRoles.gameAccountId, gameAccountId)))
          .where(inArray(users.id, ids))
          .orderBy(users.id)
          .limit(200)
      : [];
    const players = rows
      .map(({ user, isDefault }) => ({ ...summary(user), relation: (user.id === role.ownerUserId ? 'owner' : 'bound') as RoleRelation, isDefault: isDefault ?? false }))
      .sort((a, b) => Number(b.relation === 'owner') - Number(a.relation === 'owner'));
    return { role, players };
  }

  /**
   * A role's ledger, newest first by id, a page after or before the cursor: the page's entries are read first (index
   * voucher_ledger_account_idx on (game_account_id, id)), then their orders and the game's items, each spend or reversal
   * found through its own index (game_voucher_spends_spend_entry_idx, _reversal_entry_idx): one join on `spend OR
   * reversal` could use neither and read every spend for every entry.
   */
  async ledgerPage(gameAccountId: number, paging: Paging): Promise<{ balance: number; total: number; totalCapped: boolean; entries: LedgerEntryView[] } & PageLinks> {
    await this.requireRole(this.db, gameAccountId);
    const own = eq(voucherLedger.gameAccountId, gameAccountId);
    const spent = alias(gameVoucherSpends, 'spent');
    const reversed = alias(gameVoucherSpends, 'reversed');
    const [read, counted, balance] = await Promise.all([
      this.db
        .select({
          entry: voucherLedger,
          orderSn: orders.orderSn,
          itemName: sql<string | null>`coalesce(${spent.itemName}, ${spent.itemId}, ${reversed.itemName}, ${reversed.itemId})`,
        })
        .from(voucherLedger)
        .leftJoin(orders, eq(orders.id, voucherLedger.orderId))
        .leftJoin(spent, eq(spent.spendEntryId, voucherLedger.id))
        .leftJoin(reversed, eq(reversed.reversalEntryId, voucherLedger.id))
        .where(and(own, afterCursor(ROLE_LEDGER, paging.cursor)))
        .orderBy(...readingOrder(ROLE_LEDGER, paging.cursor))
        .limit(paging.pageSize + 1),
      cappedCount(this.db, sql`SELECT 1 FROM ${voucherLedger} WHERE ${own}`),
      this.ledger.balance(gameAccountId),
    ]);
    const page = pageOf(read, paging.pageSize, paging.cursor, (row) => ({ at: null, id: row.entry.id }));
    const entries = await this.entryViews(this.db, gameAccountId, page.rows);
    return { balance, ...counted, entries, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
  }

  /** Ledger rows as the console shows them; adjustments get their reason and operator from the audit log. */
  async entryViews(
    executor: Executor,
    gameAccountId: number,
    rows: { entry: LedgerEntry; orderSn: string | null; itemName: string | null }[],
  ): Promise<LedgerEntryView[]> {
    const adjustmentIds = rows.filter((row) => row.entry.kind === 'adjustment').map((row) => String(row.entry.id));
    const notes = new Map<string, { reason: string | null; operator: string }>();
    if (adjustmentIds.length) {
      const audits = await executor
        .select({ actor: auditLog.actor, entryId: sql<string>`${auditLog.after}->>'ledgerEntryId'`, reason: sql<string | null>`${auditLog.after}->>'reason'` })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityType, 'role'),
            eq(auditLog.entityId, String(gameAccountId)),
            eq(auditLog.action, ADJUST_ACTION),
            inArray(sql`${auditLog.after}->>'ledgerEntryId'`, adjustmentIds),
          ),
        );
      for (const audit of audits) notes.set(audit.entryId, { reason: audit.reason, operator: audit.actor });
    }
    return rows.map(({ entry, orderSn, itemName }) => ({
      id: entry.id,
      kind: entry.kind as VoucherEntryKind,
      amount: entry.amount,
      balanceAfter: entry.balanceAfter,
      createdAt: entry.createdAt.toISOString(),
      orderId: entry.orderId,
      orderSn,
      itemName,
      reference: entry.reference,
      reason: notes.get(String(entry.id))?.reason ?? null,
      operator: notes.get(String(entry.id))?.operator ?? null,
    }));
  }
}
