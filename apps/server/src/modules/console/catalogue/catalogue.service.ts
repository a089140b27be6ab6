import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { EXCLUDED_PRODUCT_ID } from '@shop/contract/catalog.schema';
import {
  missingLanguages,
  productRuleViolations,
  productValuesOf,
  type ChannelView,
  type Device,
  type GameServerView,
  type GameView,
  type MediaView,
  type ProductCreateBody,
  type ProductUpdateBody,
  type ProductValues,
  type ProductView,
  type RuleViolation,
} from '@shop/contract/console/catalogue';
import { INT4_MAX } from '@shop/contract/fields';
import type { ThirdChannelNameValue } from '@shop/contract/orders.schema';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppConfig } from '../../../config.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { gameServers, games, payChannels, products } from '../../../db/schema.ts';
import { invalid, notFound, conflict } from '../../../shared/domain-errors.ts';
import type { MessageKey } from '../../../i18n/messages.ts';
import type { CatalogService } from '../../catalog/catalog.service.ts';
import type { ChannelsService } from '../../channels/channels.service.ts';
import type { GamesService } from '../../games/games.service.ts';
import type { ProductsService } from '../../shop/products.service.ts';
import { recordAudit, type Actor } from '../audit.ts';
import { mediaView, readUpload, storeMedia } from './media.ts';

/** A game's banner and icon (a site path or an https URL each; null: none). */
type GameArt = { banner: string | null; icon: string | null };

export type ProductRow = typeof products.$inferSelect;
export type ChannelRow = typeof payChannels.$inferSelect;
export type ServerRow = typeof gameServers.$inferSelect;

/** Advisory lock of product id allocation (two creates at once get different ids). */
const PRODUCT_ID_LOCK = 727_020;

/** The caches that serve players: the instance that made a change drops them at once, the others within their lifetime. */
export interface CatalogueCaches {
  games: Pick<GamesService, 'invalidate'>;
  catalog: Pick<CatalogService, 'invalidate'>;
  products: Pick<ProductsService, 'invalidate'>;
  channels: Pick<ChannelsService, 'invalidate'>;
}

export const toServerView = (row: ServerRow): GameServerView => ({
  appId: row.appId,
  serverId: row.serverId,
  serverName: row.serverName,
  enabled: row.enabled,
  sort: row.sort,
});

export const toChannelView = (row: ChannelRow): ChannelView => ({
  id: row.id,
  appId: row.appId,
  regionCode: row.regionCode,
  payMethodName: row.payMethodName,
  payMethodId: row.payMethodId,
  thirdChannelId: row.thirdChannelId,
  thirdChannelName: row.thirdChannelName as ThirdChannelNameValue,
  payIcon: row.payIcon,
  sort: row.sort,
  enabled: row.enabled,
  hiddenOnDevices: row.hiddenOnDevices.filter((device): device is Device => device === 'android' || device === 'ios'),
});

/** A stored product as the rules and the catalogue document see it. */
export const productValuesOfRow = (row: ProductRow): ProductValues => ({
  appId: row.appId,
  goodsType: row.goodsType,
  categoryId: row.categoryId,
  productSn: row.productSn,
  names: row.names,
  descs: row.descs,
  priceMinor: row.priceMinor,
  discountPriceMinor: row.discountPriceMinor,
  currency: row.currency,
  voucherAmount: row.voucherAmount,
  config: row.config,
  thumbnail: row.thumbnail,
  sort: row.sort,
  hidden: row.hidden,
  saleStartsAt: row.saleStartsAt?.toISOString() ?? null,
  saleEndsAt: row.saleEndsAt?.toISOString() ?? null,
  claimLimit: row.claimLimit,
});

/** The columns written from a product's values. */
export const productColumns = (values: ProductValues) => ({
  appId: values.appId,
  goodsType: values.goodsType,
  categoryId: values.categoryId,
  productSn: values.productSn,
  names: values.names as Record<string, string>,
  descs: values.descs as Record<string, string>,
  priceMinor: values.priceMinor,
  discountPriceMinor: values.discountPriceMinor,
  currency: values.currency,
  voucherAmount: values.voucherAmount,
  config: values.config as Record<string, unknown>,
  thumbnail: values.thumbnail,
  sort: values.sort,
  hidden: values.hidden,
  saleStartsAt: values.saleStartsAt ? new Date(values.saleStartsAt) : null,
  saleEndsAt: values.saleEndsAt ? new Date(values.saleEndsAt) : null,
  claimLimit: values.claimLimit,
});

export function toProductView(row: ProductRow, claimed: number, now = Date.now()): ProductView {
  const excluded = row.id === EXCLUDED_PRODUCT_ID;
  const inWindow = (!row.saleStartsAt || row.saleStartsAt.getTime() <= now) && (!row.saleEndsAt || row.saleEndsAt.getTime() > now);
  return {
    id: row.id,
    ...productValuesOfRow(row),
    missingNames: missingLanguages(row.names),
    missingDescs: missingLanguages(row.descs),
    claimed,
    excluded,
    onSale: !row.hidden && !excluded && inWindow,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Roles that claimed a gift (written out: drizzle leaves columns unqualified inside a scalar subquery). */
const claimedCount = sql<number>`(SELECT count(*) FROM gift_claims gc WHERE gc.product_id = "products"."id")`.mapWith(Number);

/** Escapes LIKE's wildcards so that a search for "50%" finds "50%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The first broken rule as the error the operator reads. */
function refuseViolations(violations: RuleViolation[]): void {
  const [first] = violations;
  if (first) throw invalid(first.rule satisfies MessageKey);
}

/** The audit entry's action for a changed game: a rename when only the name changed, else a change (its art). */
export function gameChangeAction(before: GameArt, after: GameArt): 'game.rename' | 'game.update' {
  return before.banner === after.banner && before.icon === after.icon ? 'game.rename' : 'game.update';
}

/**
 * The console's catalogue: games and servers, products, payment channels and images. Every change is one transaction
 * with its audit entry (before and after), then this instance's player-facing caches are dropped; other instances
 * read the change within CATALOGUE_CACHE_MS.
 */
export class CatalogueAdmin {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<AppConfig, 'environment' | 'gameLaunchSecrets'>,
    private readonly caches: CatalogueCaches,
  ) {}

  invalidate(): void {
    this.caches.games.invalidate();
    this.caches.catalog.invalidate();
    this.caches.products.invalidate();
    this.caches.channels.invalidate();
  }

  private async changed<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(work);
    this.invalidate();
    return result;
  }

  // --- games and servers ----------------------------------------------------------------------------------------------

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

  private async requireGameRow(executor: Executor, appId: number, lock = false) {
    const query = executor.select().from(games).where(eq(games.appId, appId));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('unknownGame');
    return row;
  }

  async createGame(actor: Actor, body: { appId: number; name: string } & Partial<GameArt>): Promise<GameView> {
    this.requireLaunchSecret(body.appId);
    return this.changed(async (tx) => {
      const [created] = await tx.insert(games).values(body).onConflictDoNothing().returning();
      if (!created) throw conflict('catalogueGameExists');
      await recordAudit(tx, actor, { action: 'game.create', entityType: 'game', entityId: created.appId, after: created });
      return this.gameView(tx, created.appId);
    });
  }

  /** Renames a game and sets its art: a banner or icon left out stays, null removes it. */
  async renameGame(actor: Actor, appId: number, body: { name: string } & Partial<GameArt>): Promise<GameView> {
    return this.changed(async (tx) => {
      const before = await this.requireGameRow(tx, appId, true);
      const [after] = await tx.update(games).set(body).where(eq(games.appId, appId)).returning();
      await recordAudit(tx, actor, { action: gameChangeAction(before, after!), entityType: 'game', entityId: appId, before, after });
      return this.gameView(tx, appId);
    });
  }

  async servers(appId: number): Promise<GameServerView[]> {
    await this.requireGameRow(this.db, appId);
    const rows = await this.db.select().from(gameServers).where(eq(gameServers.appId, appId)).orderBy(asc(gameServers.sort), asc(gameServers.serverId));
    return rows.map(toServerView);
  }

  async createServer(actor: Actor, appId: number, body: { serverId: string; serverName: string; enabled?: boolean | undefined; sort?: number | undefined }) {
    return this.changed(async (tx) => {
      await this.requireGameRow(tx, appId);
      const [created] = await tx
        .insert(gameServers)
        .values({ appId, serverId: body.serverId, serverName: body.serverName, enabled: body.enabled ?? true, sort: body.sort ?? 0 })
        .onConflictDoNothing()
        .returning();
      if (!created) throw conflict('catalogueServerExists');
      await recordAudit(tx, actor, { action: 'server.create', entityType: 'server', entityId: `${appId}/${created.serverId}`, after: toServerView(created) });
      return toServerView(created);
    });
  }

  async updateServer(
    actor: Actor,
    appId: number,
    serverId: string,
    body: { serverName?: string | undefined; enabled?: boolean | undefined; sort?: number | undefined },
  ): Promise<GameServerView> {
    return this.changed(async (tx) => {
      const key = and(eq(gameServers.appId, appId), eq(gameServers.serverId, serverId));
      const [before] = await tx.select().from(gameServers).where(key).for('update');
      if (!before) throw notFound('catalogueServerNotFound');
      const set = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
      const [after] = Object.keys(set).length ? await tx.update(gameServers).set(set).where(key).returning() : [before];
      if (Object.keys(set).length) await recordAudit(tx, actor, {
        action: 'server.update',
        entityType: 'server',
        entityId: `${appId}/${serverId}`,
        before: toServerView(before),
        after: toServerView(after!),
      });
      return toServerView(after!);
    });
  }

  // --- products -------------------------------------------------------------------------------------------------------

  async listProducts(query: {
    appId?: number | undefined;
    goodsType?: number | undefined;
    status?: 'on' | 'off' | undefined;
    text?: string | undefined;
    page: number;
    pageSize: number;
  }): Promise<{ items: ProductView[]; total: number }> {
    const conditions: (SQL | undefined)[] = [
      query.appId !== undefined ? eq(products.appId, query.appId) : undefined,
      query.goodsType !== undefined ? eq(products.goodsType, query.goodsType) : undefined,
      query.status === 'on' ? eq(products.hidden, false) : query.status === 'off' ? eq(products.hidden, true) : undefined,
    ];
    if (query.text) {
      const pattern = likePattern(query.text);
      const id = /^\d{1,10}$/.test(query.text) && Number(query.text) <= INT4_MAX ? Number(query.text) : undefined;
      conditions.push(
        or(
          id !== undefined ? eq(products.id, id) : undefined,
          ilike(products.productSn, pattern),
          sql`${products.names}::text ILIKE ${pattern}`,
        ),
      );
    }
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ product: products, claimed: claimedCount })
        .from(products)
        .where(where)
        .orderBy(asc(products.appId), asc(products.goodsType), asc(products.sort), asc(products.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(products).where(where),
    ]);
    const now = Date.now();
    return { items: rows.map((row) => toProductView(row.product, row.claimed, now)), total: total?.n ?? 0 };
  }

  async product(id: number, executor: Executor = this.db): Promise<ProductView> {
    const [row] = await executor.select({ product: products, claimed: claimedCount }).from(products).where(eq(products.id, id));
    if (!row) throw notFound('catalogueProductNotFound');
    return toProductView(row.product, row.claimed);
  }

  /** The next free product id (9521 is skipped: the spec excludes that id from the shop forever). */
  private async nextProductId(tx: Executor): Promise<number> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PRODUCT_ID_LOCK})`);
    const [row] = await tx.select({ max: sql<number | null>`max(${products.id})`.mapWith(Number) }).from(products);
    let next = (row?.max ?? 0) + 1;
    if (next === EXCLUDED_PRODUCT_ID) next++;
    if (next > INT4_MAX) throw conflict('conflict');
    return next;
  }

  private async requireFreeProductSn(tx: Executor, productSn: string, id?: number): Promise<void> {
    const [holder] = await tx.select({ id: products.id }).from(products).where(eq(products.productSn, productSn));
    if (holder && holder.id !== id) throw conflict('catalogueProductSnTaken', { productSn, id: holder.id });
  }

  async createProduct(actor: Actor, body: z.output<typeof ProductCreateBody>): Promise<ProductView> {
    const values = productValuesOf(body);
    refuseViolations(productRuleViolations(values));
    try {
      return await this.changed(async (tx) => {
        await this.requireGameRow(tx, values.appId);
        await this.requireFreeProductSn(tx, values.productSn);
        const id = await this.nextProductId(tx);
        const [created] = await tx
          .insert(products)
          .values({ id, ...productColumns(values) })
          .returning();
        await recordAudit(tx, actor, { action: 'product.create', entityType: 'product', entityId: id, after: { id, version: created!.version, ...productValuesOfRow(created!) } });
        return toProductView(created!, 0);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('catalogueProductSnTaken', { productSn: values.productSn, id: '?' });
      throw error;
    }
  }

  async updateProduct(actor: Actor, id: number, body: z.output<typeof ProductUpdateBody>): Promise<ProductView> {
    try {
      return await this.changed(async (tx) => {
        // NO KEY UPDATE: orders referencing the product (FOR KEY SHARE) are not blocked by the edit.
        const [row] = await tx.select().from(products).where(eq(products.id, id)).for('no key update');
        if (!row) throw notFound('catalogueProductNotFound');
        const before = productValuesOfRow(row);
        const defined = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<ProductValues>;
        for (const key of ['saleStartsAt', 'saleEndsAt'] as const) {
          const value = defined[key];
          if (value) defined[key] = new Date(value).toISOString();
        }
        const after: ProductValues = { ...before, ...defined };
        refuseViolations(productRuleViolations(after, { id, switchingOn: row.hidden && body.hidden === false }));
        if (after.productSn !== before.productSn) await this.requireFreeProductSn(tx, after.productSn, id);
        const [updated] = await tx
          .update(products)
          .set({ ...productColumns(after), updatedAt: sql`now()` })
          .where(eq(products.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'product.update',
          entityType: 'product',
          entityId: id,
          before: { id, version: row.version, ...before },
          after: { id, version: updated!.version, ...after },
        });
        return this.product(id, tx).then((view) => ({ ...view, updatedAt: updated!.updatedAt.toISOString() }));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('catalogueProductSnTaken', { productSn: body.productSn ?? '', id: '?' });
      throw error;
    }
  }

  // --- payment channels -----------------------------------------------------------------------------------------------

  async channels(appId: number, regionCode?: string): Promise<ChannelView[]> {
    await this.requireGameRow(this.db, appId);
    const rows = await this.db
      .select()
      .from(payChannels)
      .where(and(eq(payChannels.appId, appId), regionCode !== undefined ? eq(payChannels.regionCode, regionCode) : undefined))
      .orderBy(asc(payChannels.regionCode), asc(payChannels.sort), asc(payChannels.id));
    return rows.map(toChannelView);
  }

  async createChannel(
    actor: Actor,
    body: Omit<ChannelView, 'id' | 'sort' | 'enabled' | 'hiddenOnDevices'> & { sort?: number | undefined; enabled?: boolean | undefined; hiddenOnDevices?: Device[] | undefined },
  ): Promise<ChannelView> {
    return this.changed(async (tx) => {
      await this.requireGameRow(tx, body.appId);
      const [created] = await tx
        .insert(payChannels)
        .values({
          appId: body.appId,
          regionCode: body.regionCode,
          payMethodName: body.payMethodName,
          payMethodId: body.payMethodId,
          thirdChannelId: body.thirdChannelId,
          thirdChannelName: body.thirdChannelName,
          payIcon: body.payIcon,
          sort: body.sort ?? 0,
          enabled: body.enabled ?? true,
          hiddenOnDevices: body.hiddenOnDevices ?? [],
        })
        .onConflictDoNothing()
        .returning();
      if (!created) throw conflict('catalogueChannelExists');
      await recordAudit(tx, actor, { action: 'channel.create', entityType: 'channel', entityId: created.id, after: toChannelView(created) });
      return toChannelView(created);
    });
  }

  async updateChannel(
    actor: Actor,
    id: number,
    body: { payMethodName?: string | undefined; payIcon?: string | undefined; sort?: number | undefined; enabled?: boolean | undefined; hiddenOnDevices?: Device[] | undefined },
  ): Promise<ChannelView> {
    return this.changed(async (tx) => {
      const [before] = await tx.select().from(payChannels).where(eq(payChannels.id, id)).for('no key update');
      if (!before) throw notFound('catalogueChannelNotFound');
      const set = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
      const [after] = Object.keys(set).length ? await tx.update(payChannels).set(set).where(eq(payChannels.id, id)).returning() : [before];
      if (Object.keys(set).length) {
        await recordAudit(tx, actor, { action: 'channel.update', entityType: 'channel', entityId: id, before: toChannelView(before), after: toChannelView(after!) });
      }
      return toChannelView(after!);
    });
  }

  // --- images ---------------------------------------------------------------------------------------------------------

  async uploadMedia(actor: Actor, data: string): Promise<MediaView> {
    const file = readUpload(data);
    return this.db.transaction(async (tx) => {
      const stored = await storeMedia(tx, file);
      const view = mediaView(file);
      if (stored) await recordAudit(tx, actor, { action: 'media.upload', entityType: 'media', entityId: file.id, after: view });
      return view;
    });
  }
}
