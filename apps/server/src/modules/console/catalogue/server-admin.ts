import { and, asc, eq } from 'drizzle-orm';
import type { GameServerView } from '@shop/contract/console/catalogue';
import type { Db, Executor } from '../../../db/client.ts';
import { gameServers } from '../../../db/schema.ts';
import type { StateChange } from '../../../shared/audit.ts';
import { conflict, notFound } from '../../../shared/domain-errors.ts';
import { requireGameRow, toServerView } from './catalogue-rows.ts';

/** A game's servers: the list, adding one, changing one. */
export class ServerAdmin {
  constructor(private readonly db: Db) {}

  async servers(appId: number): Promise<GameServerView[]> {
    await requireGameRow(this.db, appId);
    const rows = await this.db.select().from(gameServers).where(eq(gameServers.appId, appId)).orderBy(asc(gameServers.sort), asc(gameServers.serverId));
    return rows.map(toServerView);
  }

  async createServer(tx: Executor, appId: number, body: { serverId: string; serverName: string; enabled?: boolean | undefined; sort?: number | undefined }): Promise<GameServerView> {
    await requireGameRow(tx, appId);
    const [created] = await tx
      .insert(gameServers)
      .values({ appId, serverId: body.serverId, serverName: body.serverName, enabled: body.enabled ?? true, sort: body.sort ?? 0 })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict('catalogueServerExists');
    return toServerView(created);
  }

  /** `change` is null when the body set nothing (no write, no audit entry). */
  async updateServer(
    tx: Executor,
    appId: number,
    serverId: string,
    body: { serverName?: string | undefined; enabled?: boolean | undefined; sort?: number | undefined },
  ): Promise<{ view: GameServerView; change: StateChange<GameServerView, GameServerView> | null }> {
    const key = and(eq(gameServers.appId, appId), eq(gameServers.serverId, serverId));
    const [before] = await tx.select().from(gameServers).where(key).for('update');
    if (!before) throw notFound('catalogueServerNotFound');
    const set = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    if (!Object.keys(set).length) return { view: toServerView(before), change: null };
    const [after] = await tx.update(gameServers).set(set).where(key).returning();
    return { view: toServerView(after!), change: { before: toServerView(before), after: toServerView(after!) } };
  }
}
