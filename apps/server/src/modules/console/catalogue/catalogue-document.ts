import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CATALOGUE_DOCUMENT_VERSION,
  CatalogueDocument,
  CatalogueDocumentView,
  MEDIA_MAX_BYTES,
  MEDIA_PATH,
  channelKey,
  productValuesOf,
  type ImportIssue,
  type ImportReport,
  type ProductValues,
} from '@shop/contract/console/catalogue';
import type { Db, Executor } from '../../../db/client.ts';
import { gameServers, games, mediaFiles, payChannels, products } from '../../../db/schema.ts';
import { invalid } from '../../../shared/domain-errors.ts';
import type { AuditChange } from '../../../shared/audit.ts';
import { gameChangeAction, productColumns, productValuesOfRow, toChannelView, toServerView } from './catalogue-rows.ts';
import type { GameAdmin } from './game-admin.ts';
import { basePriceChanged } from './product-admin.ts';
import { computePricePoints } from '../../pricing/price-points.ts';
import { documentPriceIssues, documentPricesOf, importDocumentPrices, pricesDiffer } from '../pricing/catalogue-prices.ts';
import { importIssuesOf } from './import-issues.ts';
import { decodeBase64, mediaIdOf, sniffImage, storeMedia } from './media.ts';

type DocumentOut = z.output<typeof CatalogueDocument>;
type DocProduct = DocumentOut['products'][number];
type DocChannel = DocumentOut['channels'][number];
type DocServer = DocumentOut['games'][number]['servers'][number];

/** Advisory lock of imports: two imports at once run one after the other. */
const IMPORT_LOCK = 727_021;
/** The created/updated key lists of a report stop here (the counts are complete). */
const KEYS_SHOWN = 500;

/** JSON with object keys sorted, to compare a stored row with a document's entry whatever their key order. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Media ids a thumbnail or icon refers to (`/media/<id>`). */
const mediaRef = (url: string) => MEDIA_PATH.exec(url)?.[1];

/**
 * The catalogue as one JSON document (export) and its import: validated with the contract's CatalogueDocument, then
 * against the database, then written in the caller's transaction; the import answers the audit entry of each created or
 * changed row, and one of the whole import.
 */
export class CatalogueDocuments {
  constructor(
    private readonly db: Db,
    private readonly games: Pick<GameAdmin, 'requireLaunchSecret'>,
  ) {}

  async export(appId?: number): Promise<z.output<typeof CatalogueDocumentView>> {
    const gameRows = await this.db.select().from(games).where(appId !== undefined ? eq(games.appId, appId) : undefined).orderBy(asc(games.appId));
    const appIds = gameRows.map((g) => g.appId);
    const [serverRows, productRows, channelRows] = appIds.length
      ? await Promise.all([
          this.db.select().from(gameServers).where(inArray(gameServers.appId, appIds)).orderBy(asc(gameServers.appId), asc(gameServers.sort), asc(gameServers.serverId)),
          this.db.select().from(products).where(inArray(products.appId, appIds)).orderBy(asc(products.id)),
          this.db
            .select()
            .from(payChannels)
            .where(inArray(payChannels.appId, appIds))
            .orderBy(asc(payChannels.appId), asc(payChannels.regionCode), asc(payChannels.sort), asc(payChannels.id)),
        ])
      : [[], [], []];
    const mediaIds = [
      ...new Set(
        [
          ...gameRows.flatMap((g) => [mediaRef(g.banner ?? ''), mediaRef(g.icon ?? '')]),
          ...productRows.map((p) => mediaRef(p.thumbnail)),
          ...channelRows.map((c) => mediaRef(c.payIcon)),
        ].filter((id): id is string => !!id),
      ),
    ];
    const mediaRows = mediaIds.length ? await this.db.select().from(mediaFiles).where(inArray(mediaFiles.id, mediaIds)).orderBy(asc(mediaFiles.id)) : [];
    const pricesOf = await documentPricesOf(this.db, productRows.map((row) => row.id));
    return {
      version: CATALOGUE_DOCUMENT_VERSION,
      exportedAt: new Date().toISOString(),
      games: gameRows.map((game) => ({
        appId: game.appId,
        name: game.name,
        banner: game.banner,
        icon: game.icon,
        servers: serverRows.filter((s) => s.appId === game.appId).map(({ serverId, serverName, enabled, sort }) => ({ serverId, serverName, enabled, sort })),
      })),
      products: productRows.map(
        (row) => ({ id: row.id, ...productValuesOfRow(row), prices: pricesOf.get(row.id) ?? [] }) as z.output<typeof CatalogueDocumentView>['products'][number],
      ),
      channels: channelRows.map((row) => {
        const { id: _id, ...channel } = toChannelView(row);
        return channel;
      }),
      media: mediaRows.map((file) => ({ id: file.id, contentType: file.contentType, base64: file.bytes.toString('base64') })),
    };
  }

  /**
   * Checks a document and, unless `dryRun`, applies it: creates what is missing and updates what differs (games,
   * servers, products, channels, images), never deletes. The checks and the writes run in the caller's transaction
   * under an advisory lock, so the report describes exactly what was applied and a failure leaves nothing behind. A
   * document with problems answers them all in a dry run, and 400 (nothing changed) otherwise.
   */
  async import(tx: Executor, raw: unknown, dryRun: boolean): Promise<{ report: ImportReport; changes: AuditChange[] }> {
    // inputs reported: a field left out (no input) is told from one of the wrong type
    const parsed = CatalogueDocument.safeParse(raw, { reportInput: true });
    if (!parsed.success) return { report: this.refuse(importIssuesOf(parsed.error), dryRun), changes: [] };
    const document = parsed.data;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const plan = await this.plan(tx, document);
    if (plan.errors.length) return { report: this.refuse(plan.errors, dryRun), changes: [] };
    const changes = dryRun ? [] : await this.apply(tx, document, plan);
    return { report: { ...plan.report, dryRun, applied: !dryRun }, changes };
  }

  private refuse(errors: ImportIssue[], dryRun: boolean): ImportReport {
    if (!dryRun) {
      // The message names where the first problem is; the problems' wording is the console's (a dry run lists them).
      throw invalid('catalogueImportInvalid', { count: errors.length, first: errors[0]?.path ?? '' });
    }
    const zero = { created: 0, updated: 0, unchanged: 0 };
    return {
      dryRun,
      valid: false,
      applied: false,
      errors,
      summary: { games: zero, servers: zero, products: zero, channels: zero, media: zero },
      created: [],
      updated: [],
    };
  }

  /** The database checks and the difference between the document and the database. */
  private async plan(tx: Executor, document: DocumentOut) {
    const errors: ImportIssue[] = [];
    const docAppIds = document.games.map((g) => g.appId);
    const productIds = document.products.map((p) => p.id);
    const productSns = document.products.map((p) => p.productSn);
    const channelAppIds = [...new Set(document.channels.map((c) => c.appId))];
    const [gameRows, serverRows, productRows, snRows, channelRows] = await Promise.all([
      tx.select().from(games),
      docAppIds.length ? tx.select().from(gameServers).where(inArray(gameServers.appId, docAppIds)) : [],
      productIds.length ? tx.select().from(products).where(inArray(products.id, productIds)) : [],
      productSns.length ? tx.select({ id: products.id, productSn: products.productSn }).from(products).where(inArray(products.productSn, productSns)) : [],
      channelAppIds.length ? tx.select().from(payChannels).where(inArray(payChannels.appId, channelAppIds)) : [],
    ]);
    const knownGames = new Set([...gameRows.map((g) => g.appId), ...docAppIds]);
    const gameById = new Map(gameRows.map((g) => [g.appId, g]));
    const productById = new Map(productRows.map((p) => [p.id, p]));
    const snHolder = new Map(snRows.map((p) => [p.productSn, p.id]));
    const channelByKey = new Map(channelRows.map((c) => [channelKey(c), c]));
    const serverByKey = new Map(serverRows.map((s) => [`${s.appId}/${s.serverId}`, s]));

    document.games.forEach((game, index) => {
      try {
        this.games.requireLaunchSecret(game.appId);
      } catch {
        errors.push({ path: `games[${index}].appId`, problem: 'noLaunchSecret', params: { appId: game.appId } });
      }
    });
    document.products.forEach((product, index) => {
      if (!knownGames.has(product.appId)) errors.push({ path: `products[${index}].appId`, problem: 'unknownGame', params: { appId: product.appId } });
      const holder = snHolder.get(product.productSn);
      if (holder !== undefined && holder !== product.id) {
        errors.push({ path: `products[${index}].productSn`, problem: 'productSnTaken', params: { productSn: product.productSn, product: holder } });
      }
      const existing = productById.get(product.id);
      if (existing && (existing.appId !== product.appId || existing.goodsType !== product.goodsType)) {
        errors.push({ path: `products[${index}]`, problem: 'productMoved', params: { product: product.id, goodsType: existing.goodsType, appId: existing.appId } });
      }
    });
    document.channels.forEach((channel, index) => {
      if (!knownGames.has(channel.appId)) errors.push({ path: `channels[${index}].appId`, problem: 'unknownGame', params: { appId: channel.appId } });
    });

    // Images: those the document carries must be what their id says; every /media/ reference must resolve.
    const carried = new Set<string>();
    document.media.forEach((file, index) => {
      const bytes = decodeBase64(file.base64);
      if (!bytes || bytes.length > MEDIA_MAX_BYTES || mediaIdOf(bytes) !== file.id || sniffImage(bytes) !== file.contentType) {
        errors.push({ path: `media[${index}]`, problem: 'badMedia', params: { maxKb: MEDIA_MAX_BYTES / 1024 } });
      } else carried.add(file.id);
    });
    const references = [
      ...document.games.flatMap((g, index) => [
        { id: mediaRef(g.banner ?? ''), path: `games[${index}].banner` },
        { id: mediaRef(g.icon ?? ''), path: `games[${index}].icon` },
      ]),
      ...document.products.map((p, index) => ({ id: mediaRef(p.thumbnail ?? ''), path: `products[${index}].thumbnail` })),
      ...document.channels.map((c, index) => ({ id: mediaRef(c.payIcon), path: `channels[${index}].payIcon` })),
    ].filter((ref): ref is { id: string; path: string } => !!ref.id);
    const stored = new Set(
      references.length
        ? (await tx.select({ id: mediaFiles.id }).from(mediaFiles).where(inArray(mediaFiles.id, [...new Set(references.map((r) => r.id))]))).map((r) => r.id)
        : [],
    );
    for (const ref of references) if (!carried.has(ref.id) && !stored.has(ref.id)) errors.push({ path: ref.path, problem: 'missingImage', params: { media: ref.id } });
    errors.push(...(await documentPriceIssues(tx, document.products)));
    const storedPrices = await documentPricesOf(
      tx,
      document.products.filter((product) => product.prices && productById.has(product.id)).map((product) => product.id),
    );
    const storedMedia = new Set(
      document.media.length ? (await tx.select({ id: mediaFiles.id }).from(mediaFiles).where(inArray(mediaFiles.id, document.media.map((m) => m.id)))).map((r) => r.id) : [],
    );

    // The difference.
    const report = {
      valid: errors.length === 0,
      errors,
      summary: {
        games: { created: 0, updated: 0, unchanged: 0 },
        servers: { created: 0, updated: 0, unchanged: 0 },
        products: { created: 0, updated: 0, unchanged: 0 },
        channels: { created: 0, updated: 0, unchanged: 0 },
        media: { created: 0, updated: 0, unchanged: 0 },
      },
      created: [] as string[],
      updated: [] as string[],
    };
    const count = (kind: keyof typeof report.summary, key: string, state: 'created' | 'updated' | 'unchanged') => {
      report.summary[kind][state]++;
      if (state !== 'unchanged' && report[state].length < KEYS_SHOWN) report[state].push(key);
    };
    const games_ = document.games.map((game) => {
      const existing = gameById.get(game.appId);
      const changed = existing && (existing.name !== game.name || existing.banner !== game.banner || existing.icon !== game.icon);
      const state = !existing ? 'created' : changed ? 'updated' : 'unchanged';
      count('games', `game ${game.appId}`, state);
      return { game, existing, state };
    });
    const servers = document.games.flatMap((game) =>
      game.servers.map((server) => {
        const existing = serverByKey.get(`${game.appId}/${server.serverId}`);
        const state = !existing ? 'created' : stable(toServerView(existing)) !== stable({ appId: game.appId, ...server }) ? 'updated' : 'unchanged';
        count('servers', `server ${game.appId}/${server.serverId}`, state);
        return { appId: game.appId, server, existing, state };
      }),
    );
    const productPlans = document.products.map((product) => {
      const existing = productById.get(product.id);
      const values = documentProductValues(product);
      const valuesChanged = !existing || stable(productValuesOfRow(existing)) !== stable(values);
      const pricesChanged = !!product.prices && (!existing || pricesDiffer(storedPrices.get(product.id) ?? [], product.prices));
      const state = !existing ? 'created' : valuesChanged || pricesChanged ? 'updated' : 'unchanged';
      count('products', `product ${product.id}`, state);
      return { id: product.id, values, prices: product.prices, storedPrices: storedPrices.get(product.id) ?? [], existing, state, valuesChanged, pricesChanged };
    });
    const channelPlans = document.channels.map((channel) => {
      const key = channelKey(channel);
      const existing = channelByKey.get(key);
      const state = !existing ? 'created' : stable({ ...toChannelView(existing), id: undefined }) !== stable(channel) ? 'updated' : 'unchanged';
      count('channels', `channel ${key}`, state);
      return { channel, existing, state };
    });
    for (const file of document.media) count('media', `media ${file.id}`, storedMedia.has(file.id) ? 'unchanged' : 'created');
    return { errors, report, games: games_, servers, products: productPlans, channels: channelPlans };
  }

  private async apply(tx: Executor, document: DocumentOut, plan: Awaited<ReturnType<CatalogueDocuments['plan']>>): Promise<AuditChange[]> {
    const changes: AuditChange[] = [];
    for (const file of document.media) {
      const bytes = decodeBase64(file.base64)!;
      if (await storeMedia(tx, { id: file.id, contentType: file.contentType, bytes })) {
        changes.push({ action: 'media.import', entityType: 'media', entityId: file.id, after: { id: file.id, contentType: file.contentType, size: bytes.length } });
      }
    }
    for (const { game, existing, state } of plan.games) {
      if (state === 'unchanged') continue;
      const [after] = existing
        ? await tx.update(games).set({ name: game.name, banner: game.banner, icon: game.icon }).where(eq(games.appId, game.appId)).returning()
        : await tx.insert(games).values({ appId: game.appId, name: game.name, banner: game.banner, icon: game.icon }).returning();
      changes.push({ action: existing ? gameChangeAction(existing, after!) : 'game.create', entityType: 'game', entityId: game.appId, before: existing, after });
    }
    for (const { appId, server, existing, state } of plan.servers) {
      if (state === 'unchanged') continue;
      const values = { appId, ...server } satisfies DocServer & { appId: number };
      const [after] = existing
        ? await tx
            .update(gameServers)
            .set({ serverName: server.serverName, enabled: server.enabled, sort: server.sort })
            .where(and(eq(gameServers.appId, appId), eq(gameServers.serverId, server.serverId)))
            .returning()
        : await tx.insert(gameServers).values(values).returning();
      changes.push({
        action: existing ? 'server.update' : 'server.create',
        entityType: 'server',
        entityId: `${appId}/${server.serverId}`,
        before: existing ? toServerView(existing) : undefined,
        after: after ? toServerView(after) : values,
      });
    }
    for (const { id, values, existing, valuesChanged } of plan.products) {
      if (!valuesChanged) continue;
      const [written] = existing
        ? await tx.update(products).set({ ...productColumns(values), updatedAt: new Date() }).where(eq(products.id, id)).returning({ version: products.version })
        : await tx.insert(products).values({ id, ...productColumns(values) }).returning({ version: products.version });
      changes.push({
        action: existing ? 'product.update' : 'product.create',
        entityType: 'product',
        entityId: id,
        before: existing ? { id, version: existing.version, ...productValuesOfRow(existing) } : undefined,
        after: { id, version: written!.version, ...values },
      });
    }
    // New products and new base prices get their computed local prices in the same transaction (ADR 0050).
    const repriced = plan.products.filter(({ existing, values, state }) => state !== 'unchanged' && (!existing || basePriceChanged(productValuesOfRow(existing), values)));
    if (repriced.length) await computePricePoints(tx, { productIds: repriced.map(({ id }) => id) });
    for (const { id, prices, storedPrices, existing, pricesChanged } of plan.products) {
      if (!prices || !pricesChanged) continue;
      await importDocumentPrices(tx, id, prices);
      changes.push({ action: 'pricing.points.set', entityType: 'product', entityId: id, before: existing ? { prices: storedPrices } : undefined, after: { prices } });
    }
    for (const { channel, existing, state } of plan.channels) {
      if (state === 'unchanged') continue;
      const [after] = existing
        ? await tx
            .update(payChannels)
            .set({ payMethodName: channel.payMethodName, thirdChannelName: channel.thirdChannelName, payIcon: channel.payIcon, sort: channel.sort, enabled: channel.enabled, hiddenOnDevices: channel.hiddenOnDevices })
            .where(eq(payChannels.id, existing.id))
            .returning()
        : await tx.insert(payChannels).values(channel).returning();
      changes.push({
        action: existing ? 'channel.update' : 'channel.create',
        entityType: 'channel',
        entityId: after!.id,
        before: existing ? toChannelView(existing) : undefined,
        after: toChannelView(after!),
      });
    }
    changes.push({
      action: 'catalogue.import',
      entityType: 'catalogue',
      entityId: 'import',
      after: { summary: plan.report.summary, created: plan.report.created, updated: plan.report.updated },
    });
    return changes;
  }
}

/** A document's product with its defaults settled, as stored. */
function documentProductValues(product: DocProduct): ProductValues {
  const { id: _id, prices: _prices, ...rest } = product;
  return productValuesOf(rest);
}

export type { DocChannel };
