import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TokenData } from '@shop/contract/auth';
import type { BoundRole, GameServerRole, RoleBindBody } from '@shop/contract/roles';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { gameAccounts, games } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { SessionUser, TokenService } from '../auth/tokens.ts';
import type { GameAccountRow, GamesService } from '../games/games.service.ts';
import { GameServerError, type GameServerAccount, type GameServerClient } from '../games/game-server-client.ts';

type BindBody = z.output<typeof RoleBindBody>;

export const gameServerUnavailable = () => new AppError(502, 'gameServerUnavailable');

/**
 * The player's game accounts (roles): looked up by game ID on the game's server, bound once (a role belongs to one
 * player: the unique key (app, server, role) decides races), one default per player, and switching the session.
 */
export class RolesService {
  constructor(
    private readonly db: Db,
    private readonly games: GamesService,
    private readonly gameServer: GameServerClient,
    private readonly tokens: TokenService,
  ) {}

  async list(user: SessionUser, appId?: number): Promise<BoundRole[]> {
    const rows = await this.db
      .select()
      .from(gameAccounts)
      .where(and(eq(gameAccounts.userId, user.userId), appId ? eq(gameAccounts.appId, appId) : undefined))
      .orderBy(desc(gameAccounts.isDefault), asc(gameAccounts.id));
    const described = await Promise.all(rows.map(async (row) => this.describe(row.accountName ? row : await this.refreshFromGame(row), user)));
    return described;
  }

  /**
   * Accounts made by quick login only know the ids the voucher link carried. The first time one is listed, its names and
   * level are read from the game server once (best effort: an unreachable game server leaves the ids shown and is asked
   * again next time).
   */
  private async refreshFromGame(row: GameAccountRow): Promise<GameAccountRow> {
    try {
      const account = await this.gameServer.lookup(row.appId, row.accountId);
      const role = account?.roles.find((r) => r.roleId === row.roleId && r.serverId === row.serverId);
      // The game answered: remember what it said (or that it knows no names), so this is asked once per account.
      const names = account && role ? { accountName: account.accountName, roleName: role.roleName, userLevel: role.level } : { accountName: row.accountId };
      const [updated] = await this.db
        .update(gameAccounts)
        .set({ ...names, updatedAt: sql`now()` })
        .where(eq(gameAccounts.id, row.id))
        .returning();
      return updated ?? row;
    } catch {
      return row;
    }
  }

  /** A game account of this player; another player's (or none) is "not found". */
  async owned(executor: Executor, userId: number, gameAccountId: number): Promise<GameAccountRow> {
    const [row] = await executor
      .select()
      .from(gameAccounts)
      .where(and(eq(gameAccounts.id, gameAccountId), eq(gameAccounts.userId, userId)));
    if (!row) throw notFound('gameAccountNotFound');
    return row;
  }

  /** The account a request acts for: the one named, else the session's, else the player's default. */
  async resolve(user: SessionUser, gameAccountId?: number): Promise<GameAccountRow> {
    if (gameAccountId !== undefined) return this.owned(this.db, user.userId, gameAccountId);
    const row = await this.games.roleOfSession(user.userId, user.gameAccountId);
    if (!row) throw notFound('gameAccountNotFound');
    return row;
  }

  async lookup(user: SessionUser, appId: number, gameId: string): Promise<GameServerRole[]> {
    const account = await this.findOnGameServer(appId, gameId);
    const bound = await this.db
      .select({ serverId: gameAccounts.serverId, roleId: gameAccounts.roleId })
      .from(gameAccounts)
      .where(and(eq(gameAccounts.userId, user.userId), eq(gameAccounts.appId, appId)));
    return account.roles.map((role) => ({
      appId,
      gameId: account.gameId,
      roleId: role.roleId,
      roleName: role.roleName,
      accountName: account.accountName,
      level: role.level,
      serverId: role.serverId,
      serverName: role.serverName,
      boundByMe: bound.some((b) => b.serverId === role.serverId && b.roleId === role.roleId),
    }));
  }

  /**
   * Binds a role the game server confirms. Names and level come from the game server, never from the client.
   * Conditional insert: ON CONFLICT (app, server, role) DO NOTHING; the loser of a race reads who owns the role.
   */
  async bind(user: SessionUser, body: BindBody): Promise<BoundRole> {
    const account = await this.findOnGameServer(body.appId, body.gameId);
    const role = account.roles.find((r) => r.roleId === body.roleId && r.serverId === body.serverId);
    if (!role) throw notFound('roleNotFound');
    const row = await this.db.transaction(async (tx) => {
      const [hasDefault] = await tx
        .select({ id: gameAccounts.id })
        .from(gameAccounts)
        .where(and(eq(gameAccounts.userId, user.userId), eq(gameAccounts.isDefault, true)))
        .limit(1);
      const makeDefault = body.setDefault === true || !hasDefault;
      const [created] = await tx
        .insert(gameAccounts)
        .values({
          userId: user.userId,
          appId: body.appId,
          accountId: account.gameId,
          accountName: account.accountName,
          serverId: role.serverId,
          roleId: role.roleId,
          roleName: role.roleName,
          userLevel: role.level,
          isDefault: makeDefault,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) {
        const [owner] = await tx
          .select({ userId: gameAccounts.userId })
          .from(gameAccounts)
          .where(and(eq(gameAccounts.appId, body.appId), eq(gameAccounts.serverId, role.serverId), eq(gameAccounts.roleId, role.roleId)));
        if (owner?.userId === user.userId) throw conflict('roleAlreadyBound');
        throw forbidden('roleBoundToAnotherPlayer');
      }
      if (makeDefault) await this.setDefaultIn(tx, user.userId, created.id);
      return { ...created, isDefault: makeDefault };
    });
    return this.describe(row, user);
  }

  /** One statement: every account of the player gets is_default = (id = chosen), only if the chosen one is theirs. */
  async setDefault(user: SessionUser, gameAccountId: number): Promise<BoundRole[]> {
    const updated = await this.setDefaultIn(this.db, user.userId, gameAccountId);
    if (!updated) throw notFound('gameAccountNotFound');
    return this.list(user);
  }

  private async setDefaultIn(executor: Executor, userId: number, gameAccountId: number): Promise<number> {
    const result = await executor
      .update(gameAccounts)
      .set({ isDefault: sql`${gameAccounts.id} = ${gameAccountId}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(gameAccounts.userId, userId),
          sql`EXISTS (SELECT 1 FROM ${gameAccounts} g WHERE g.id = ${gameAccountId} AND g.user_id = ${userId})`,
        ),
      )
      .returning({ id: gameAccounts.id });
    return result.length;
  }

  /** New tokens acting for another of the player's game accounts. */
  async switchTo(user: SessionUser, gameAccountId: number): Promise<TokenData> {
    const account = await this.owned(this.db, user.userId, gameAccountId);
    return this.tokens.issue({ userId: user.userId, gameAccountId: account.id });
  }

  private async findOnGameServer(appId: number, gameId: string): Promise<GameServerAccount> {
    await this.games.requireGame(appId);
    try {
      const account = await this.gameServer.lookup(appId, gameId);
      if (account) return account;
      // Not there: say so clearly when the ID is one of the other game's.
      const others = (await this.db.select({ appId: games.appId }).from(games)).map((g) => g.appId).filter((id) => id !== appId);
      for (const other of others) {
        if (await this.gameServer.lookup(other, gameId).catch(() => undefined)) throw badRequest('gameIdOfOtherGame');
      }
      throw notFound('gameIdNotFound');
    } catch (error) {
      if (error instanceof GameServerError) throw gameServerUnavailable();
      throw error;
    }
  }

  private async describe(row: GameAccountRow, user: SessionUser): Promise<BoundRole> {
    const role = await this.games.describe(row);
    return {
      id: row.id,
      appId: row.appId,
      gameName: role.gameName,
      gameId: row.accountId,
      roleId: row.roleId,
      roleName: row.roleName,
      accountName: row.accountName || row.accountId,
      level: row.userLevel,
      serverId: row.serverId,
      serverName: role.serverName,
      isDefault: row.isDefault,
      current: user.gameAccountId === row.id,
    };
  }
}
