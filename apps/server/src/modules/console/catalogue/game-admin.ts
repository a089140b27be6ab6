import { asc, count, eq } from 'drizzle-orm';
import type { GameView } from '@shop/contract/console/catalogue';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppConfig } from '../../../config.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { gameServers, games, payChannels, products } from '../../../db/schema.ts';
import { conflict, invalid, notFound } from '../../../shared/domain-errors.ts';
import { requireGameRow, type GameArt } from './catalogue-rows.ts';

type GameRow = typeof games.$inferSelect;

/** The console's games: the list with their counts, creating one, renaming it and setting its art. */
export class GameAdmin {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<AppConfig, 'environment' | 'gameLaunchSecrets'>,
  ) {}

  /** Production accepts only signed launches: a game without its launch secret would stop the next start. */
  requireLaunchSecret(appId: number): void {
    if (this.config.environment === 'production' && !this.config.gameLaunchSecrets[appId]) {
      throw invalid('catalogueGameWithoutLaunchSecret', { appId });
    }
  }

  async games(executor: Executor = this.db, appId?: number): Promise<GameView[]> {
    const ofGame = (column: PgColumn) => (appId !== undefined ? eq(column, appId) : undefined);
    const [rows, servers, productCounts, channels] = await Promise.all([
      executor.select().from(games).where(ofGame(games.appId)).orderBy(asc(games.appId)),
      executor.select({ appId: gameServers.appId, n: count() }).from(gameServers).where(ofGame(gameServers.appId)).groupBy(gameServers.appId),
      executor.select({ appId: products.appId, n: count() }).from(products).where(ofGame(products.appId)).groupBy(products.appId),
      executor.select({ appId: payChannels.appId, n: count() }).from(payChannels).where(ofGame(payChannels.appId)).groupBy(payChannels.appId),
    ]);
    const counted = (list: { appId: number; n: number }[], id: number) => list.find((row) => row.appId === id)?.n ?? 0;
    return rows.map((game) => ({
      appId: game.appId,
      name: game.name,
      banner: game.banner,
      icon: game.icon,
      serverCount: counted(servers, game.appId),
      productCount: counted(productCounts, game.appId),
      channelCount: counted(channels, game.appId),
    }));
  }

  private async gameView(executor: Executor, appId: number): Promise<GameView> {
    const [view] = await this.games(executor, appId);
    if (!view) throw notFound('unknownGame');
    return view;
  }

  async createGame(tx: Executor, body: { appId: number; name: string } & Partial<GameArt>): Promise<{ created: GameRow; view: GameView }> {
    this.requireLaunchSecret(body.appId);
    const [created] = await tx.insert(games).values(body).onConflictDoNothing().returning();
    if (!created) throw conflict('catalogueGameExists');
    return { created, view: await this.gameView(tx, created.appId) };
  }

  /** Renames a game and sets its art: a banner or icon left out stays, null removes it. */
  async renameGame(tx: Executor, appId: number, body: { name: string } & Partial<GameArt>): Promise<{ before: GameRow; after: GameRow; view: GameView }> {
    const before = await requireGameRow(tx, appId, true);
    const [after] = await tx.update(games).set(body).where(eq(games.appId, appId)).returning();
    return { before, after: after!, view: await this.gameView(tx, appId) };
  }
}
