import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { GameRole } from '@shop/contract/auth.schema';
import type { Db, Executor } from '../../db/client.ts';
import { gameAccounts, gameServers, games, playerRoles, users } from '../../db/schema.ts';
import { forbidden, notFound } from '../../shared/domain-errors.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import { CATALOGUE_CACHE_MS } from '../catalog/catalog.service.ts';

/** Advisory lock namespace of first quick logins. */
const QUICK_LOGIN_LOCK = 727_010;

export type GameAccountRow = typeof gameAccounts.$inferSelect;
/** A role a launch from the game gave an owner. */
export type OwnedGameAccount = GameAccountRow & { ownerUserId: number };
/** A role as a session sees it. */
export type SessionRole = GameAccountRow & { owned: boolean };

const isOwned = (account: GameAccountRow): account is OwnedGameAccount => account.ownerUserId !== null;

interface GameInfo {
  appId: number;
  name: string;
  /** Server id to name, every server (roles on a disabled one keep their name). */
  servers: Map<string, string>;
  /** Servers an operator disabled: not offered when a player binds a role. */
  disabledServers: Set<string>;
}

/** Games and servers are edited in the console: each instance reads them again after this long (as the catalogue). */
const GAMES_CACHE_MS = CATALOGUE_CACHE_MS;

export interface RoleFromGame {
  appId: number;
  accountId: string;
  serverId: string;
  roleId: string;
  userLevel: number;
}

export class GamesService {
  private readonly cache = new TtlCache<'all', Map<number, GameInfo>>(GAMES_CACHE_MS);

  constructor(private readonly db: Db) {}

  /**
   * Games and their servers live in the database (the console edits them, the catalogue import loads them); each
   * instance keeps them for GAMES_CACHE_MS, so a change reaches every instance within that time.
   */
  private all(): Promise<Map<number, GameInfo>> {
    return this.cache.get('all', async () => {
      const [gameRows, serverRows] = await Promise.all([this.db.select().from(games), this.db.select().from(gameServers)]);
      const map = new Map<number, GameInfo>(
        gameRows.map((g) => [g.appId, { appId: g.appId, name: g.name, servers: new Map(), disabledServers: new Set() }]),
      );
      for (const s of serverRows) {
        const game = map.get(s.appId);
        game?.servers.set(s.serverId, s.serverName);
        if (!s.enabled) game?.disabledServers.add(s.serverId);
      }
      return map;
    });
  }

  /** Drops this instance's copy (after a console change; other instances follow within GAMES_CACHE_MS). */
  invalidate(): void {
    this.cache.clear();
  }

  /** Whether players may bind a role on this server: every server the operators have not disabled. */
  async serverOpen(appId: number, serverId: string): Promise<boolean> {
    return !(await this.requireGame(appId)).disabledServers.has(serverId);
  }

  async appIds(): Promise<number[]> {
    return [...(await this.all()).keys()];
  }

  /** Every game's id and name, by id. */
  async names(): Promise<{ appId: number; name: string }[]> {
    return [...(await this.all()).values()].map(({ appId, name }) => ({ appId, name })).sort((a, b) => a.appId - b.appId);
  }

  async requireGame(appId: number): Promise<GameInfo> {
    const game = (await this.all()).get(appId);
    if (!game) throw notFound('unknownGame');
    return game;
  }

  /**
   * The player a launch from the game logs in: the role's owner. The game's launch (signed in production) is the only
   * proof of owning a role, so a role that players had only bound by game ID gets its owner here, and a binding never
   * decides who that is (ADR 0010, docs/adr/0010-role-ownership-and-signed-launches.md). The owner is the player of the game account's other
   * roles if a launch proved one, else a new player. A role owned under another game account id is refused.
   * Lock step: launches of one game account take a transaction-scoped advisory lock named after (appId, accountId), so
   * concurrent first launches end on one player; the role row is then locked (FOR UPDATE) and its owner set only while
   * it has none, so a binding or a launch of another account racing this one cannot split ownership.
   */
  async findOrCreateForQuickLogin(role: RoleFromGame): Promise<OwnedGameAccount> {
    const existing = await this.roleAccount(this.db, role);
    if (existing && isOwned(existing)) return this.refreshRole(this.db, existing, role);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUICK_LOGIN_LOCK}, hashtext(${`${role.appId}:${role.accountId}`}))`);
      await tx
        .insert(gameAccounts)
        .values({ appId: role.appId, accountId: role.accountId, serverId: role.serverId, roleId: role.roleId, roleName: role.roleId, userLevel: role.userLevel })
        .onConflictDoNothing();
      const [current] = await tx
        .select()
        .from(gameAccounts)
        .where(and(eq(gameAccounts.appId, role.appId), eq(gameAccounts.serverId, role.serverId), eq(gameAccounts.roleId, role.roleId)))
        .for('update');
      if (isOwned(current!)) return this.refreshRole(tx, current, role);
      const [sibling] = await tx
        .select({ ownerUserId: gameAccounts.ownerUserId })
        .from(gameAccounts)
        .where(and(eq(gameAccounts.appId, role.appId), eq(gameAccounts.accountId, role.accountId), isNotNull(gameAccounts.ownerUserId)))
        .limit(1);
      const ownerUserId = sibling?.ownerUserId ?? (await tx.insert(users).values({}).returning({ id: users.id }))[0]!.id;
      // The game's word on the role: its game account id and level (a binding by game ID may have written others).
      const [owned] = await tx
        .update(gameAccounts)
        .set({ ownerUserId, accountId: role.accountId, userLevel: role.userLevel, updatedAt: sql`now()` })
        .where(eq(gameAccounts.id, current!.id))
        .returning();
      await tx
        .insert(playerRoles)
        .values({
          userId: ownerUserId,
          gameAccountId: owned!.id,
          isDefault: sql`NOT EXISTS (SELECT 1 FROM ${playerRoles} p WHERE p.user_id = ${ownerUserId} AND p.is_default)`,
        })
        .onConflictDoNothing();
      return owned as OwnedGameAccount;
    });
  }

  private async roleAccount(executor: Executor, role: Pick<RoleFromGame, 'appId' | 'serverId' | 'roleId'>): Promise<GameAccountRow | undefined> {
    const [row] = await executor
      .select()
      .from(gameAccounts)
      .where(and(eq(gameAccounts.appId, role.appId), eq(gameAccounts.serverId, role.serverId), eq(gameAccounts.roleId, role.roleId)));
    return row;
  }

  private async refreshRole(executor: Executor, account: OwnedGameAccount, role: RoleFromGame): Promise<OwnedGameAccount> {
    if (account.accountId !== role.accountId) throw forbidden('roleOfAnotherAccount');
    if (account.userLevel === role.userLevel) return account;
    const [updated] = await executor
      .update(gameAccounts)
      .set({ userLevel: role.userLevel, updatedAt: new Date() })
      .where(eq(gameAccounts.id, account.id))
      .returning();
    return (updated as OwnedGameAccount | undefined) ?? account;
  }

  /**
   * The session's role, or the player's default one, among the roles the player shops for; `owned` tells whether the
   * game launched this player into it (only then are its voucher balance and history theirs to see).
   */
  async roleOfSession(userId: number, gameAccountId?: number): Promise<SessionRole | undefined> {
    const [row] = await this.db
      .select({ account: gameAccounts, isDefault: playerRoles.isDefault })
      .from(playerRoles)
      .innerJoin(gameAccounts, eq(gameAccounts.id, playerRoles.gameAccountId))
      .where(and(eq(playerRoles.userId, userId), gameAccountId ? eq(playerRoles.gameAccountId, gameAccountId) : undefined))
      .orderBy(desc(playerRoles.isDefault), desc(gameAccounts.updatedAt))
      .limit(1);
    return row ? { ...row.account, owned: row.account.ownerUserId === userId } : undefined;
  }

  async describe(account: GameAccountRow): Promise<GameRole> {
    const game = await this.requireGame(account.appId);
    return {
      gameAccountId: account.id,
      appId: account.appId,
      gameName: game.name,
      accountId: account.accountId,
      roleId: account.roleId,
      roleName: account.roleName,
      serverId: account.serverId,
      serverName: game.servers.get(account.serverId) ?? `S${account.serverId}`,
      userLevel: account.userLevel,
    };
  }
}
