import { z } from 'zod';
import { INT4_MAX, int4Id, plainString } from '../fields.ts';
import { ThirdChannelName } from '../orders.schema.ts';
import { TaxModel } from '../pricing.ts';
import { defineRoute } from '../route.ts';
import { Permission } from './access.ts';
import { isoCurrency } from './catalogue.ts';

/**
 * The console's local prices (issue 23, ADR 0050): the country table (currency, tax model, the providers that charge
 * the local currency), the exchange rates the operators import, and each product's price points per country (set by
 * hand or computed from the base price, flagged when the rate moved more than the drift since), with a preview of what
 * a player of a country sees and pays through each channel, and CSV export/import of every price point.
 *
 * Amounts are integers in the minor units of their currency (JPY and KRW have none, KWD and BHD three); rates are
 * decimal strings (units of the currency per one US dollar), never floats. Every write is audited (ADR 0045).
 */

const BASE = '/console/v1/pricing';

/** Money in integer minor units. Negative values pass the schema so that the rule answers "below zero" clearly. */
const minorUnits = z.number().int().min(-INT4_MAX).max(INT4_MAX);
export const countryCode = plainString()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'a two-letter country code');
/** A rate as imported: a plain positive decimal, at most 12 fraction digits (units of the currency per one US dollar). */
export const rateText = plainString().regex(/^\d{1,12}(\.\d{1,12})?$/, 'a positive decimal number with at most 12 fraction digits');
const isoDate = z.iso.date();

export { TaxModel };

// --- the country table -------------------------------------------------------------------------------------------------

export const RateView = z.object({
  currency: z.string(),
  perUsd: z.string(),
  asOf: z.string(),
  source: z.string(),
  importedAt: z.string(),
});
export type RateView = z.infer<typeof RateView>;

export const CountryPricingView = z.object({
  regionCode: z.string(),
  region: z.string(),
  regionCN: z.string(),
  currency: z.string(),
  taxModel: TaxModel,
  taxRateBp: z.number().int(),
  /** null: every provider that can charge the currency; else only these. */
  localProviders: z.array(ThirdChannelName).nullable(),
  /** The providers that charge this country's local prices now (the rule of ADR 0053); the others charge the base price. */
  chargingProviders: z.array(ThirdChannelName),
  /** The current rate of the country's currency; null when none was imported (its products sell at the base price). */
  rate: RateView.nullable(),
});
export type CountryPricingView = z.infer<typeof CountryPricingView>;

export const CountryPricingBody = z.strictObject({
  currency: isoCurrency,
  taxModel: TaxModel,
  /** Basis points: 1900 is 19%. */
  taxRateBp: z.number().int().min(0).max(10_000),
  localProviders: z.array(ThirdChannelName).max(10).nullable(),
});

export const consoleCountryPricing = defineRoute({
  method: 'GET',
  path: `${BASE}/countries`,
  auth: 'operator',
  permission: Permission.CATALOGUE_READ,
  summary: "Every country's currency, tax model and rate, the providers that charge its local prices, and its current exchange rate",
  data: z.array(CountryPricingView),
});

export const consoleUpdateCountryPricing = defineRoute({
  method: 'POST',
  path: `${BASE}/countries/:regionCode`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary:
    "Changes a country's currency, tax model, tax rate or the providers that charge its local prices. Prices are not recomputed " +
    'by it (never silently): points whose currency or tax no longer match the country are flagged. Audited.',
  params: z.object({ regionCode: countryCode }),
  body: CountryPricingBody,
  data: CountryPricingView,
});

// --- exchange rates ------------------------------------------------------------------------------------------------------

export const consoleExchangeRates = defineRoute({
  method: 'GET',
  path: `${BASE}/rates`,
  auth: 'operator',
  permission: Permission.CATALOGUE_READ,
  summary: 'The current exchange rates (units per US dollar) with their date and source, and the drift that flags a computed price',
  data: z.object({ rates: z.array(RateView), driftPercent: z.number() }),
});

/**
 * A rates table as imported: JSON (`asOf`, `source`, `rates`: currency -> decimal text), or CSV text with the header
 * `currency,per_usd` and the table's date and source given beside it.
 */
export const RatesImportBody = z.strictObject({
  asOf: isoDate,
  source: plainString().min(1).max(200),
  rates: z.record(z.string(), z.string()).optional(),
  csv: z.string().max(1_000_000).optional(),
});
export type RatesImportBody = z.infer<typeof RatesImportBody>;

/** A problem of an import, where people look for it: row (1 = the first data row; 0 = the file) and column. */
export const PricingImportIssue = z.object({
  row: z.number().int(),
  column: z.string(),
  /** unknownCurrency, notARate, duplicate, unknownCountry, unknownProduct, notAnAmount, tooManyDigits, belowZero, discountAbovePrice, tooBig, wrongCurrency, missing, ... */
  problem: z.string(),
  message: z.string(),
});
export type PricingImportIssue = z.infer<typeof PricingImportIssue>;

export const RatesImportReport = z.object({
  dryRun: z.boolean(),
  valid: z.boolean(),
  applied: z.boolean(),
  errors: z.array(PricingImportIssue),
  /** Each currency the table changes, its old and new rate and how far it moved (percent, signed). */
  changes: z.array(z.object({ currency: z.string(), before: z.string().nullable(), after: z.string(), movePercent: z.number().nullable() })),
  /** Computed price points whose rate moves beyond the drift with this table (they are flagged, not recomputed). */
  driftedPoints: z.number().int(),
});
export type RatesImportReport = z.infer<typeof RatesImportReport>;

export const consoleImportRates = defineRoute({
  method: 'POST',
  path: `${BASE}/rates/import`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary:
    'Imports a rates table (JSON or CSV, with its date and source). With dryRun=true it only answers what would change or every ' +
    'problem by row and column; otherwise all or nothing, audited. Prices are not recomputed (they are flagged when they drift).',
  query: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
  body: RatesImportBody,
  data: RatesImportReport,
});

// --- price points --------------------------------------------------------------------------------------------------------

export const PricePointView = z.object({
  regionCode: z.string(),
  region: z.string(),
  /** null: the product has no point in this country (it sells at the base price there). */
  currency: z.string().nullable(),
  priceMinor: z.number().int().nullable(),
  discountPriceMinor: z.number().int().nullable(),
  taxIncluded: z.boolean().nullable(),
  taxRateBp: z.number().int().nullable(),
  override: z.boolean(),
  /** The rate a computed point was computed at, and when. */
  rate: z.string().nullable(),
  computedAt: z.string().nullable(),
  /** How far the currency's current rate moved since the point was computed (percent, signed); null for an operator's price. */
  driftPercent: z.number().nullable(),
  /** Beyond the drift: recompute on request. */
  drifted: z.boolean(),
  /** The point's currency or tax no longer matches the country table. */
  stale: z.boolean(),
  /** What recomputing would give now (null without a rate for the country's currency). */
  computedNow: z.object({ currency: z.string(), priceMinor: z.number().int(), discountPriceMinor: z.number().int() }).nullable(),
});
export type PricePointView = z.infer<typeof PricePointView>;

export const ProductPricesView = z.object({
  product: z.object({
    id: z.number().int(),
    appId: z.number().int(),
    productSn: z.string(),
    name: z.string(),
    currency: z.string(),
    priceMinor: z.number().int(),
    discountPriceMinor: z.number().int(),
  }),
  driftPercent: z.number(),
  /** One row per country of the country table, sorted by region code. */
  points: z.array(PricePointView),
});
export type ProductPricesView = z.infer<typeof ProductPricesView>;

const productIdParams = z.object({ productId: int4Id });

export const consoleProductPrices = defineRoute({
  method: 'GET',
  path: `${BASE}/products/:productId`,
  auth: 'operator',
  permission: Permission.CATALOGUE_READ,
  summary: "A product's price point in every country (its country table), each flagged when its rate drifted or it no longer matches the country",
  params: productIdParams,
  data: ProductPricesView,
});

export const PricePointEdit = z.strictObject({
  regionCode: countryCode,
  currency: isoCurrency,
  priceMinor: minorUnits,
  discountPriceMinor: minorUnits,
  taxIncluded: z.boolean(),
});
export type PricePointEdit = z.infer<typeof PricePointEdit>;

export const consoleSetProductPrices = defineRoute({
  method: 'POST',
  path: `${BASE}/products/:productId`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary:
    "Sets a product's prices in one or more countries by hand (bulk edit: overrides, kept when rates or the base price change). " +
    'All or nothing; the currency must be the country\'s or the base currency. Audited.',
  params: productIdParams,
  body: z.strictObject({ points: z.array(PricePointEdit).min(1).max(300) }),
  data: ProductPricesView,
});

export const consoleResetProductPrices = defineRoute({
  method: 'POST',
  path: `${BASE}/products/:productId/reset`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary: "Resets a product's prices in these countries to the computed ones (base x today's rate, tax, rounding). Audited.",
  params: productIdParams,
  body: z.strictObject({ regionCodes: z.array(countryCode).min(1).max(300) }),
  data: ProductPricesView,
});

export const consoleRecomputePrices = defineRoute({
  method: 'POST',
  path: `${BASE}/recompute`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary:
    'Recomputes computed price points at today\'s rates, on request: only the drifted ones (onlyDrifted) or all, of some products ' +
    'or countries. An operator\'s prices are never touched. Audited.',
  body: z.strictObject({
    onlyDrifted: z.boolean(),
    productIds: z.array(z.number().int().positive().max(INT4_MAX)).max(1000).optional(),
    regionCodes: z.array(countryCode).max(300).optional(),
  }),
  data: z.object({ recomputed: z.number().int(), uncomputable: z.array(z.object({ productId: z.number().int(), regionCode: z.string(), currency: z.string() })) }),
});

export const PricePreview = z.object({
  regionCode: z.string(),
  region: z.string(),
  /** The country's local currency and whether its price includes tax. */
  currency: z.string(),
  taxModel: TaxModel,
  channels: z.array(
    z.object({
      payMethodName: z.string(),
      provider: ThirdChannelName,
      chargesLocalCurrency: z.boolean(),
      /** What the player sees and pays through this channel. */
      currency: z.string(),
      priceMinor: z.number().int(),
      discountPriceMinor: z.number().int(),
      taxIncluded: z.boolean(),
    }),
  ),
});
export type PricePreview = z.infer<typeof PricePreview>;

export const consolePricePreview = defineRoute({
  method: 'GET',
  path: `${BASE}/products/:productId/preview`,
  auth: 'operator',
  permission: Permission.CATALOGUE_READ,
  summary: 'What a player in a country sees and pays for the product through each payment channel of the country',
  params: productIdParams,
  query: z.object({ regionCode: countryCode }),
  data: PricePreview,
});

// --- CSV of every price point ---------------------------------------------------------------------------------------------

/** The price points CSV's columns, in order (amounts in major units with the currency's digits: 4.99, 780, 1.490). */
export const PRICE_POINTS_CSV_COLUMNS = ['product_sn', 'region_code', 'currency', 'price', 'discount_price', 'tax_included', 'override'] as const;

export const consoleExportPrices = defineRoute({
  method: 'GET',
  path: `${BASE}/export.csv`,
  auth: 'operator',
  permission: Permission.CATALOGUE_READ,
  summary: 'Every price point as CSV (UTF-8 with BOM, RFC 4180; columns PRICE_POINTS_CSV_COLUMNS), optionally of one game',
  query: z.object({ appId: int4Id.optional() }),
  data: z.string(),
});

export const PricesImportReport = z.object({
  dryRun: z.boolean(),
  valid: z.boolean(),
  applied: z.boolean(),
  errors: z.array(PricingImportIssue),
  summary: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
});
export type PricesImportReport = z.infer<typeof PricesImportReport>;

export const consoleImportPrices = defineRoute({
  method: 'POST',
  path: `${BASE}/import`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary:
    'Imports price points from CSV (the export\'s columns; rows with override=false are recomputed, the others set as given). With ' +
    'dryRun=true it only answers what would change or every problem by row and column; otherwise all or nothing, audited.',
  query: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
  body: z.strictObject({ csv: z.string().min(1).max(5_000_000) }),
  data: PricesImportReport,
});
