import { pricingCountryOf } from '@shop/contract/pricing';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../shared/domain-errors.ts';
import { countryPricing } from '../../db/schema.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';

export type CountryPricingRow = typeof countryPricing.$inferSelect;

/** Operators rarely change the country table; a change reaches every instance within this time (the editing one at once). */
export const COUNTRY_PRICING_CACHE_MS = 10_000;

/**
 * The country table as players' requests read it (ADR 0050): which currency a country's local prices are in, and
 * whether a provider charges them there (ADR 0053).
 */
export class CountryPricingService {
  private readonly table = new TtlCache<'all', Map<string, CountryPricingRow>>(COUNTRY_PRICING_CACHE_MS);

  constructor(
    private readonly db: Db,
    /** Whether a provider can charge a currency at all (its documented list: PaymentProvider.chargeableCurrencies). */
    private readonly providerCharges: (provider: string, currency: string) => boolean,
  ) {}

  invalidate(): void {
    this.table.clear();
  }

  async country(regionCode: string): Promise<CountryPricingRow | undefined> {
    const rows = await this.table.get('all', async () => new Map((await this.db.select().from(countryPricing)).map((row) => [row.regionCode, row])));
    return rows.get(regionCode);
  }

  /**
   * The country whose local prices a list request asks for: null without a region code (base prices), ZZ as US, and
   * a country the shop does not know refused (400 unknownCountry) rather than silently priced in dollars.
   */
  async pricingCountry(regionCode: string | undefined): Promise<string | null> {
    if (regionCode === undefined) return null;
    const country = pricingCountryOf(regionCode);
    if (!(await this.country(country))) throw invalid('unknownCountry');
    return country;
  }

  /**
   * Whether a channel of this provider charges the country's local prices: it can charge the country's currency and
   * the operators have not limited the country's local prices to other providers. Otherwise it charges base prices.
   */
  async chargesLocal(regionCode: string, provider: string): Promise<boolean> {
    const row = await this.country(regionCode);
    return row ? this.chargesLocalIn(row, provider) : false;
  }

  /** The same rule for a country row the caller read itself (the console's table, fresh from its own read). */
  chargesLocalIn(row: Pick<CountryPricingRow, 'currency' | 'localProviders'>, provider: string): boolean {
    return localProviderAllowed(row.localProviders, provider) && this.providerCharges(provider, row.currency);
  }
}

/** The operators' limit on a country's local prices: null lets every provider that can charge the currency. */
export const localProviderAllowed = (localProviders: string[] | null, provider: string): boolean => !localProviders || localProviders.includes(provider);
