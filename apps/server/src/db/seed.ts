import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { countries, gameServers, games, payChannels, products } from './schema.ts';
import countryList from './seed/countries.json' with { type: 'json' };
import { CHANNELS, GAMES, PRODUCTS } from './seed/catalog.ts';

/**
 * Loads reference data (countries, games) and the demo catalogue. Idempotent upserts: running it on every start keeps
 * the database in line with the seed files without touching orders, players or balances.
 */
export async function seedDatabase(db: Db, { catalogue }: { catalogue: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    // One seeding instance at a time when several start together against one PostgreSQL.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    await tx
      .insert(countries)
      .values(countryList.map((c) => ({ regionCode: c.regionCode, region: c.region, regionCn: c.regionCN, dialCode: c.dialCode })))
      .onConflictDoUpdate({
        target: countries.regionCode,
        set: { region: sql`excluded.region`, regionCn: sql`excluded.region_cn`, dialCode: sql`excluded.dial_code` },
      });
    await tx
      .insert(games)
      .values(GAMES.map((g) => ({ appId: g.appId, name: g.name })))
      .onConflictDoUpdate({ target: games.appId, set: { name: sql`excluded.name` } });
    await tx
      .insert(gameServers)
      .values(GAMES.flatMap((g) => g.servers.map((s) => ({ appId: g.appId, serverId: s.serverId, serverName: s.serverName }))))
      .onConflictDoUpdate({ target: [gameServers.appId, gameServers.serverId], set: { serverName: sql`excluded.server_name` } });
    if (!catalogue) return;
    await tx
      .insert(products)
      .values(
        PRODUCTS.map((p) => ({
          id: p.id,
          appId: p.appId,
          goodsType: p.goodsType,
          categoryId: p.categoryId,
          productSn: p.productSn,
          priceMinor: p.priceMinor,
          discountPriceMinor: p.discountPriceMinor,
          currency: p.currency,
          voucherAmount: p.voucherAmount,
          config: p.config,
          thumbnail: p.thumbnail,
          sort: p.sort,
          hidden: p.hidden ?? false,
          names: p.names,
          descs: p.descs,
        })),
      )
      .onConflictDoUpdate({
        target: products.id,
        set: {
          goodsType: sql`excluded.goods_type`,
          categoryId: sql`excluded.category_id`,
          productSn: sql`excluded.product_sn`,
          priceMinor: sql`excluded.price_minor`,
          discountPriceMinor: sql`excluded.discount_price_minor`,
          currency: sql`excluded.currency`,
          voucherAmount: sql`excluded.voucher_amount`,
          config: sql`excluded.config`,
          thumbnail: sql`excluded.thumbnail`,
          sort: sql`excluded.sort`,
          hidden: sql`excluded.hidden`,
          names: sql`excluded.names`,
          descs: sql`excluded.descs`,
        },
      });
    await tx
      .insert(payChannels)
      .values(CHANNELS.map((c) => ({ ...c })))
      .onConflictDoUpdate({
        target: [payChannels.appId, payChannels.regionCode, payChannels.payMethodId, payChannels.thirdChannelId],
        set: {
          payMethodName: sql`excluded.pay_method_name`,
          thirdChannelName: sql`excluded.third_channel_name`,
          payIcon: sql`excluded.pay_icon`,
          sort: sql`excluded.sort`,
        },
      });
  });
}
