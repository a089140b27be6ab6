import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TokenData } from '@shop/contract/auth.schema';
import type { BoundRole, GameServerRole, RoleBindBody } from '@shop/contract/roles.schema';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { gameAccounts, games, playerRoles } from '../../db/schema.ts';
import { invalid, notFound, conflict, upstreamFailed } from '../../shared/domain-errors.ts';
import type { SessionUser, TokenService } from '../auth/tokens.ts';
import type { GameAccountRow, GamesService } from '../games/games.service.ts';
import { GameServerError, type GameServerAccount, type GameServerClient } from '../games/game-server-client.ts';

type BindBody = z.output<typeof RoleBindBody>;

export const gameServerUnavailable = () => upstreamFailed('gameServerUnavailable');

/** A role the player shops for, with the player's own flag on it. */
type LinkedRole = GameAccountRow & { isDefault: boolean };

/**
 * The roles a player shops for (`player_roles`): the ones the game launched them into and the ones they bound by game ID
 * after the game's server confirmed it. Any number of players may bind one role (as anyone may top up any game ID):
 * binding lets a player buy for the role, and never makes them its owner, shows them its vouchers or blocks the owner
 * (ADR 0010, docs/adr/0010-role-ownership-and-signed-launches.md). One default per player, and switching the session between them.
 */
export class RolesService {
  constructor(
    private readonly db: Db,
    private readonly games: GamesService,
    private readonly gameServer: GameServerClient,
    private readonly tokens: TokenService,
  ) {}

  async list(user: SessionUser, appId?: number): Promise<BoundRole[]> {
    const rows = await this.linkedRoles(this.db, user.userId)
      .where(appId ? eq(gameAccounts.appId, appId) : undefined)
      .orderBy(desc(playerRoles.isDefault), asc(gameAccounts.id));
    return Promise.all(
      rows.map(async ({ account, isDefault }) => this.describe({ ...(account.accountName ? account : await this.refreshFromGame(account)), isDefault }, user)),
    );
  }

  private linkedRoles(executor: Executor, userId: number) {
    return executor
      .select({ account: gameAccounts, isDefault: playerRoles.isDefault })
      .from(playerRoles)
      .innerJoin(gameAccounts, and(eq(gameAccounts.id, playerRoles.gameAccountId), eq(playerRoles.userId, userId)))
      .$dynamic();
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

  /** A role this player shops for (launched into or bound); any other (or none) is "not found". */
  async owned(executor: Executor, userId: number, gameAccountId: number): Promise<GameAccountRow> {
    const [row] = await this.linkedRoles(executor, userId).where(eq(playerRoles.gameAccountId, gameAccountId));
    if (!row) throw notFound('gameAccountNotFound');
    return row.account;
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
    const bound = (await this.linkedRoles(this.db, user.userId).where(eq(gameAccounts.appId, appId))).map((row) => row.account);
    const { disabledServers } = await this.games.requireGame(appId);
    // Roles on a server the operators disabled are not offered for binding.
    return account.roles.filter((role) => !disabledServers.has(role.serverId)).map((role) => ({
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
   * Binds a role the game server confirms. Names and level come from the game server, never from the client; the role
   * row is created if no launch or binding made it yet (without an owner: only a launch sets one).
   * Conditional inserts: the role row ON CONFLICT (app, server, role) refreshes the game server's names and returns the
   * row either way; the binding ON CONFLICT (player, role) DO NOTHING, so of two racing binds of one player one wins.
   */
  async bind(user: SessionUser, body: BindBody): Promise<BoundRole> {
    const account = await this.findOnGameServer(body.appId, body.gameId);
    const role = account.roles.find((r) => r.roleId === body.roleId && r.serverId === body.serverId);
    if (!role) throw notFound('roleNotFound');
    if (!(await this.games.serverOpen(body.appId, role.serverId))) throw invalid('serverClosed');
    const row = await this.db.transaction(async (tx) => {
      const names = { accountName: account.accountName, roleName: role.roleName, userLevel: role.level };
      const [gameRole] = await tx
        .insert(gameAccounts)
        .values({ appId: body.appId, accountId: account.gameId, serverId: role.serverId, roleId: role.roleId, ...names })
        .onConflictDoUpdate({ target: [gameAccounts.appId, gameAccounts.serverId, gameAccounts.roleId], set: { ...names, updatedAt: sql`now()` } })
        .returning();
      const [hasDefault] = await tx
        .select({ id: playerRoles.gameAccountId })
        .from(playerRoles)
        .where(and(eq(playerRoles.userId, user.userId), eq(playerRoles.isDefault, true)))
        .limit(1);
      const makeDefault = body.setDefault === true || !hasDefault;
      const [bound] = await tx
        .insert(playerRoles)
        .values({ userId: user.userId, gameAccountId: gameRole!.id, isDefault: makeDefault })
        .onConflictDoNothing()
        .returning();
      if (!bound) throw conflict('roleAlreadyBound');
      if (makeDefault) await this.setDefaultIn(tx, user.userId, gameRole!.id);
      return { ...gameRole!, isDefault: makeDefault };
    });
    return this.describe(row, user);
  }

  /** One statement: every binding of the player gets is_default = (role = chosen), only if the chosen one is theirs. */
  async setDefault(user: SessionUser, gameAccountId: number): Promise<BoundRole[]> {
    const updated = await this.setDefaultIn(this.db, user.userId, gameAccountId);
    if (!updated) throw notFound('gameAccountNotFound');
    return this.list(user);
  }

  private async setDefaultIn(executor: Executor, userId: number, gameAccountId: number): Promise<number> {
    const result = await executor
      .update(playerRoles)
      .set({ isDefault: sql`${playerRoles.gameAccountId} = ${gameAccountId}` })
      .where(
        and(
          eq(playerRoles.userId, userId),
          sql`EXISTS (SELECT 1 FROM ${playerRoles} p WHERE p.game_account_id = ${gameAccountId} AND p.user_id = ${userId})`,
        ),
      )
      .returning({ id: playerRoles.gameAccountId });
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
        if (await this.gameServer.lookup(other, gameId).catch(() => undefined)) throw invalid('gameIdOfOtherGame');
      }
      throw notFound('gameIdNotFound');
    } catch (error) {
      if (error instanceof GameServerError) throw gameServerUnavailable();
      throw error;
    }
  }

  private async describe(row: LinkedRole, user: SessionUser): Promise<BoundRole> {
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
