import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CountryPricingBody, CountryPricingView } from '@shop/contract/console/pricing';
import { ThirdChannelName } from '@shop/contract/orders.schema';
import type { Db, Executor } from '../../../db/client.ts';
import { countries, countryPricing, exchangeRates } from '../../../db/schema.ts';
import type { StateChange } from '../../../shared/audit.ts';
import { invalid } from '../../../shared/domain-errors.ts';
import type { CountryPricingService } from '../../pricing/country-pricing.service.ts';
import { toRateView } from './exchange-rates-admin.ts';

type CountryState = Pick<CountryPricingView, 'currency' | 'taxModel' | 'taxRateBp' | 'localProviders'>;

const stateOf = (row: typeof countryPricing.$inferSelect): CountryState => ({
  currency: row.currency,
  taxModel: row.taxModel,
  taxRateBp: row.taxRateBp,
  localProviders: row.localProviders as CountryState['localProviders'],
});

/**
 * The country table (ADR 0050, ADR 0053): each country's currency, tax model and rate, the providers allowed to charge
 * its local prices, and which of them charge them now. A change never recomputes prices (never silently): the console
 * flags the points whose currency or tax no longer match.
 */
export class CountryTableAdmin {
  constructor(
    private readonly db: Db,
    private readonly rule: Pick<CountryPricingService, 'chargesLocalIn'>,
  ) {}

  async list(executor: Executor = this.db, regionCode?: string): Promise<CountryPricingView[]> {
    const rows = await executor
      .select({ country: countries, pricing: countryPricing, rate: exchangeRates })
      .from(countryPricing)
      .innerJoin(countries, eq(countries.regionCode, countryPricing.regionCode))
      .leftJoin(exchangeRates, eq(exchangeRates.currency, countryPricing.currency))
      .where(regionCode === undefined ? undefined : eq(countryPricing.regionCode, regionCode))
      .orderBy(asc(countryPricing.regionCode));
    return rows.map(({ country, pricing, rate }) => ({
      regionCode: pricing.regionCode,
      region: country.region,
      regionCN: country.regionCn,
      ...stateOf(pricing),
      chargingProviders: ThirdChannelName.options.filter((provider) => this.rule.chargesLocalIn(pricing, provider)),
      rate: rate ? toRateView(rate) : null,
    }));
  }

  async country(regionCode: string, executor: Executor = this.db): Promise<CountryPricingView> {
    const [view] = await this.list(executor, regionCode);
    if (!view) throw invalid('unknownCountry');
    return view;
  }

  /** Changes one country's row; answers its state before and after for the audit entry (null when nothing changed). */
  async update(tx: Executor, regionCode: string, body: z.output<typeof CountryPricingBody>): Promise<StateChange<CountryState, CountryState> | null> {
    const [row] = await tx.select().from(countryPricing).where(eq(countryPricing.regionCode, regionCode)).for('update');
    if (!row) throw invalid('unknownCountry');
    if (body.taxModel === 'none' && body.taxRateBp !== 0) throw invalid('pricingTaxRateWithoutTax');
    const after: CountryState = {
      currency: body.currency,
      taxModel: body.taxModel,
      taxRateBp: body.taxRateBp,
      localProviders: body.localProviders ? [...new Set(body.localProviders)].sort() : null,
    };
    const before = stateOf(row);
    if (JSON.stringify(before) === JSON.stringify(after)) return null;
    await tx
      .update(countryPricing)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(countryPricing.regionCode, regionCode));
    return { before, after };
  }
}
