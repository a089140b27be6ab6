import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import type { TaxModel } from '@shop/contract/pricing';
import { countries, countryPricing, exchangeRates, gameServers, games, payChannels, products } from './schema.ts';
import countryList from './seed/countries.json' with { type: 'json' };
import countryPricingDefaults from './seed/country-pricing.json' with { type: 'json' };
import demoRates from './seed/exchange-rates.json' with { type: 'json' };
import { CHANNELS, GAMES, PRODUCTS } from './seed/catalog.ts';

/**
 * Runs on every start. Countries are reference data: upserted, so the shipped list wins. Games, servers, products and
 * channels belong to the operators (the console edits them, the catalogue import loads them): the demo catalogue
 * (`catalogue`: outside production unless told otherwise) only inserts the rows that are missing (ON CONFLICT DO
 * NOTHING), so an edit made in the console survives a restart. Production seeds countries only; its first catalogue
 * load is the catalogue import (docs/deployment.md).
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
    // Each country's currency and tax model (ADR 0050): defaults for rows that are missing; the operators own them after.
    await tx
      .insert(countryPricing)
      .values(countryPricingDefaults.map((c) => ({ regionCode: c.regionCode, currency: c.currency, taxModel: c.taxModel as TaxModel, taxRateBp: c.taxRateBp })))
      .onConflictDoNothing();
    if (!catalogue) return;
    await tx
      .insert(games)
      .values(GAMES.map((g) => ({ appId: g.appId, name: g.name, banner: g.banner, icon: g.icon })))
      .onConflictDoNothing();
    await tx
      .insert(gameServers)
      .values(
        GAMES.flatMap((g) =>
          g.servers.map((s, index) => ({ appId: g.appId, serverId: s.serverId, serverName: s.serverName, sort: (index + 1) * 10 })),
        ),
      )
      .onConflictDoNothing();
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
      .onConflictDoNothing();
    await tx
      .insert(payChannels)
      .values(CHANNELS.map((c) => ({ ...c })))
      .onConflictDoNothing();
    // The demo's exchange rates (production imports its own); the demo products' local prices are computed from them
    // by modules/pricing (priceUnpricedProducts) once the seed is in.
    await tx
      .insert(exchangeRates)
      .values(Object.entries(demoRates.rates).map(([currency, perUsd]) => ({ currency, perUsd, asOf: demoRates.asOf, source: demoRates.source })))
      .onConflictDoNothing();
  });
}
