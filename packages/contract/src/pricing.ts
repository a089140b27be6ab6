import { z } from 'zod';
import { DEFAULT_CURRENCY, DEFAULT_REGION, UNKNOWN_REGION } from './games.ts';

/** Local prices (ADR 0050): the currency every product's base price is in and every computed price is derived from. */
export const BASE_CURRENCY = DEFAULT_CURRENCY;

/**
 * How a country shows tax: `inclusive` (the shown price includes it, as the law asks in the EU, the UK, Japan...),
 * `exclusive` (shown before tax, as in the US and Canada) or `none`.
 */
export const TAX_MODELS = ['inclusive', 'exclusive', 'none'] as const;
export const TaxModel = z.enum(TAX_MODELS);
export type TaxModel = z.infer<typeof TaxModel>;

/** The country whose prices a region code means: the IP lookup's "unknown" (ZZ) is the default region (spec 4). */
export const pricingCountryOf = (regionCode: string | undefined | null): string =>
  !regionCode || regionCode.toUpperCase() === UNKNOWN_REGION ? DEFAULT_REGION : regionCode.toUpperCase();

/**
 * What a list answers beside an item's price in the player's country (ADR 0050, ADR 0053): its base price, charged by
 * a channel whose provider cannot charge the local currency, and whether the shown price includes tax, at which rate.
 */
export const LocalPriceFields = {
  baseCurrency: z.string(),
  baseProductPrice: z.number(),
  baseDiscountPrice: z.number(),
  taxIncluded: z.boolean(),
  /** Basis points: 1900 is 19%. */
  taxRateBp: z.number().int(),
};
