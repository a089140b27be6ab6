import type { CountryPricingService } from '../../pricing/country-pricing.service.ts';
import { eq } from 'drizzle-orm';
import { EXCLUDED_PRODUCT_ID } from '@shop/contract/catalog.schema';
import { missingLanguages, type ChannelView, type Device, type GameServerView, type ProductValues, type ProductView } from '@shop/contract/console/catalogue';
import type { ThirdChannelNameValue } from '@shop/contract/orders.schema';
import type { Executor } from '../../../db/client.ts';
import { gameServers, games, payChannels, products } from '../../../db/schema.ts';
import { notFound } from '../../../shared/domain-errors.ts';
import type { CatalogService } from '../../catalog/catalog.service.ts';
import type { ChannelsService } from '../../channels/channels.service.ts';
import type { GamesService } from '../../games/games.service.ts';
import type { ProductsService } from '../../shop/products.service.ts';

/** A game's banner and icon (a site path or an https URL each; null: none). */
export type GameArt = { banner: string | null; icon: string | null };

export type ProductRow = typeof products.$inferSelect;
export type ChannelRow = typeof payChannels.$inferSelect;
export type ServerRow = typeof gameServers.$inferSelect;

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

/** The caches that serve players: the instance that made a change drops them at once, the others within their lifetime. */
export class CatalogueCaches {
  constructor(
    private readonly caches: {
      games: Pick<GamesService, 'invalidate'>;
      catalog: Pick<CatalogService, 'invalidate'>;
      products: Pick<ProductsService, 'invalidate'>;
      channels: Pick<ChannelsService, 'invalidate'>;
      countryPricing: Pick<CountryPricingService, 'invalidate'>;
    },
  ) {}

  /** Drops them all (after a change is committed). */
  invalidate(): void {
    this.caches.games.invalidate();
    this.caches.catalog.invalidate();
    this.caches.products.invalidate();
    this.caches.channels.invalidate();
    this.caches.countryPricing.invalidate();
  }
}

/** The audit entry's action for a changed game: a rename when only the name changed, else a change (its art). */
export function gameChangeAction(before: GameArt, after: GameArt): 'game.rename' | 'game.update' {
  return before.banner === after.banner && before.icon === after.icon ? 'game.rename' : 'game.update';
}

export async function requireGameRow(executor: Executor, appId: number, lock = false) {
  const query = executor.select().from(games).where(eq(games.appId, appId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('unknownGame');
  return row;
}
