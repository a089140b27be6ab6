import { and, desc, eq, sql } from 'drizzle-orm';
import type { GameRole } from '@shop/contract/auth';
import type { Db, Executor } from '../../db/client.ts';
import { gameAccounts, gameServers, games, users } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';

/** Advisory lock namespace of first quick logins. */
const QUICK_LOGIN_LOCK = 727_010;

export type GameAccountRow = typeof gameAccounts.$inferSelect;

interface GameInfo {
  appId: number;
  name: string;
  servers: Map<string, string>;
}

export interface RoleFromGame {
  appId: number;
  accountId: string;
  serverId: string;
  roleId: string;
  userLevel: number;
}

export class GamesService {
  private cache?: Promise<Map<number, GameInfo>>;

  constructor(private readonly db: Db) {}

  /** Games and their servers are reference data written by the seed; read once per process. */
  private all(): Promise<Map<number, GameInfo>> {
    this.cache ??= Promise.all([this.db.select().from(games), this.db.select().from(gameServers)])
      .then(([gameRows, serverRows]) => {
        const map = new Map<number, GameInfo>(gameRows.map((g) => [g.appId, { appId: g.appId, name: g.name, servers: new Map() }]));
        for (const s of serverRows) map.get(s.appId)?.servers.set(s.serverId, s.serverName);
        return map;
      })
      .catch((error: unknown) => {
        this.cache = undefined;
        throw error;
      });
    return this.cache;
  }

  async requireGame(appId: number): Promise<GameInfo> {
    const game = (await this.all()).get(appId);
    if (!game) throw notFound('unknownGame');
    return game;
  }

  /**
   * Finds or creates the player and its game account for a role the game vouched for. A role already bound to a
   * different game account id is refused.
   * Lock step: first logins of one game account take a transaction-scoped advisory lock named after (appId, accountId),
   * so concurrent first logins end on one player and one game account instead of racing to create several.
   */
  async findOrCreateForQuickLogin(role: RoleFromGame): Promise<GameAccountRow> {
    const existing = await this.roleAccount(this.db, role);
    if (existing) return this.refreshRole(this.db, existing, role);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUICK_LOGIN_LOCK}, hashtext(${`${role.appId}:${role.accountId}`}))`);
      const existing = await this.roleAccount(tx, role);
      if (existing) return this.refreshRole(tx, existing, role);
      const [sibling] = await tx
        .select({ userId: gameAccounts.userId })
        .from(gameAccounts)
        .where(and(eq(gameAccounts.appId, role.appId), eq(gameAccounts.accountId, role.accountId)))
        .limit(1);
      const userId = sibling?.userId ?? (await tx.insert(users).values({}).returning({ id: users.id }))[0]!.id;
      const [created] = await tx
        .insert(gameAccounts)
        .values({
          userId,
          appId: role.appId,
          accountId: role.accountId,
          serverId: role.serverId,
          roleId: role.roleId,
          roleName: role.roleId,
          userLevel: role.userLevel,
          isDefault: !sibling,
        })
        .onConflictDoNothing()
        .returning();
      if (created) return created;
      // The role was bound by a login for another game account id in the meantime.
      throw forbidden('roleOfAnotherAccount');
    });
  }

  private async roleAccount(executor: Executor, role: RoleFromGame): Promise<GameAccountRow | undefined> {
    const [row] = await executor
      .select()
      .from(gameAccounts)
      .where(and(eq(gameAccounts.appId, role.appId), eq(gameAccounts.serverId, role.serverId), eq(gameAccounts.roleId, role.roleId)));
    return row;
  }

  private async refreshRole(executor: Executor, account: GameAccountRow, role: RoleFromGame): Promise<GameAccountRow> {
    if (account.accountId !== role.accountId) throw forbidden('roleOfAnotherAccount');
    if (account.userLevel === role.userLevel) return account;
    const [updated] = await executor
      .update(gameAccounts)
      .set({ userLevel: role.userLevel, updatedAt: new Date() })
      .where(eq(gameAccounts.id, account.id))
      .returning();
    return updated ?? account;
  }

  /** The session's game account, or the player's default one. */
  async roleOfSession(userId: number, gameAccountId?: number): Promise<GameAccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(gameAccounts)
      .where(gameAccountId ? and(eq(gameAccounts.id, gameAccountId), eq(gameAccounts.userId, userId)) : eq(gameAccounts.userId, userId))
      .orderBy(desc(gameAccounts.isDefault), desc(gameAccounts.updatedAt))
      .limit(1);
    return row;
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
