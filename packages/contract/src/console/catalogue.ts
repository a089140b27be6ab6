import { z } from 'zod';
import { CategoryId, EXCLUDED_PRODUCT_ID, GoodsType } from '../catalog.schema.ts';
import { CONTROL_CHARACTERS_MESSAGE, INT4_MAX, int4Id, plainString } from '../fields.ts';
import { SUPPORTED_LANGUAGES, type Language } from '../languages.ts';
import { ThirdChannelName } from '../orders.schema.ts';
import { defineRoute } from '../route.ts';
import { Permission } from './access.ts';

/**
 * The console's catalogue (issue 12): games and their servers, products per game and category, payment channels per
 * game and region, uploaded images, and the catalogue document that moves all of it between environments.
 *
 * The request schemas refuse what cannot be stored (types, int4 ranges, control characters, unknown fields); the
 * business rules of a product (an English name, no price below zero, the discount not above the price, a voucher
 * amount for voucher packs...) are `productRuleViolations`, which the server checks on every create, update and
 * import and answers with one clear message per rule. The catalogue document's schema applies the same rules.
 */

// --- constants --------------------------------------------------------------------------------------------------------

export type GoodsTypeValue = (typeof GoodsType)[keyof typeof GoodsType];
export const GOODS_TYPES: readonly GoodsTypeValue[] = [GoodsType.VOUCHER, GoodsType.DIAMOND, GoodsType.VIP, GoodsType.OTHER, GoodsType.FREE];

/** The category a product of each goods type gets unless one is given (spec section 3; ours for other items and vouchers). */
export const CATEGORY_OF_TYPE: Record<GoodsTypeValue, number> = {
  [GoodsType.DIAMOND]: CategoryId.DIAMOND,
  [GoodsType.VIP]: CategoryId.VIP,
  [GoodsType.OTHER]: CategoryId.OTHER,
  [GoodsType.FREE]: CategoryId.FREE,
  [GoodsType.VOUCHER]: CategoryId.VOUCHER,
};

/** The picture a new product shows until one is uploaded (the web app's own images). */
export const DEFAULT_THUMBNAIL: Record<GoodsTypeValue, string> = {
  [GoodsType.DIAMOND]: '/goods/gems-1.svg',
  [GoodsType.VIP]: '/goods/vip-30.svg',
  [GoodsType.OTHER]: '/goods/crate.svg',
  [GoodsType.FREE]: '/goods/gift-welcome.svg',
  [GoodsType.VOUCHER]: '/goods/voucher-499.svg',
};

export { EXCLUDED_PRODUCT_ID };

/** The catalogue document's format version (GET .../export writes it, POST .../import reads it). */
export const CATALOGUE_DOCUMENT_VERSION = 1;

/** Uploaded images: PNG, JPEG, WebP or GIF (recognised by their first bytes), at most 512 kB. */
export const MEDIA_MAX_BYTES = 512 * 1024;
export const MEDIA_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type MediaContentType = (typeof MEDIA_CONTENT_TYPES)[number];
/** Where an uploaded image is served: `/media/<sha256 hex of its bytes>`. */
export const MEDIA_PATH = /^\/media\/([0-9a-f]{64})$/;
export const mediaUrl = (id: string) => `/media/${id}`;

/** Devices a payment channel can be hidden on (besides the spec's Apple Pay / Google Pay name rule). */
export const DEVICES = ['android', 'ios'] as const;
export type Device = (typeof DEVICES)[number];

/** The region of a channel list: a two-letter country code, or `*` for every region without a list of its own. */
export const ANY_REGION = '*';

const NAME_MAX = 200;
const DESC_MAX = 2000;

// --- field schemas ----------------------------------------------------------------------------------------------------

/**
 * The wording of each format rule (the schemas' messages), by the problem code the catalogue import reports for it:
 * a string format's issue carries only its message, so the server finds the code by this text.
 */
export const FORMAT_RULES = {
  codeCharacters: 'letters, digits, dot, dash and underscore',
  currencyCode: 'a three-letter ISO 4217 code',
  imageRef: 'a site path such as /media/... or an https URL',
  regionCode: 'a two-letter country code or *',
  singleLine: 'a single line',
  controlCharacters: CONTROL_CHARACTERS_MESSAGE,
  mediaId: 'the sha256 hex of the bytes',
} as const;
export type FormatRule = keyof typeof FORMAT_RULES;

/** An int4 id in a JSON body (not coerced: the catalogue document and the console send numbers). */
const jsonInt4Id = z.number().int().positive().max(INT4_MAX);
/** Money in integer minor units. Negative values pass the schema so that the rule answers "below zero" clearly. */
const minorUnits = z.number().int().min(-INT4_MAX).max(INT4_MAX);
const sortOrder = z.number().int().min(-1_000_000).max(1_000_000);

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
export const isoCurrency = plainString()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, FORMAT_RULES.currencyCode)
  .refine((code) => KNOWN_CURRENCIES.has(code), { message: 'not an ISO 4217 currency', params: { problem: 'unknownCurrency' } });

/** A site path (`/media/...`, `/goods/...`) or an https URL: what a product's thumbnail or a channel's icon may be. */
export const imageRef = plainString()
  .min(1)
  .max(500)
  .regex(/^(\/([A-Za-z0-9._~-][A-Za-z0-9._~/-]*)?|https:\/\/[^\s"'<>\\]+)$/, FORMAT_RULES.imageRef);

export const productSn = plainString()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, FORMAT_RULES.codeCharacters);

export const serverId = plainString()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, FORMAT_RULES.codeCharacters);

export const channelRegion = plainString()
  .toUpperCase()
  .regex(/^([A-Z]{2}|\*)$/, FORMAT_RULES.regionCode);

const channelCode = plainString()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, FORMAT_RULES.codeCharacters);

const SINGLE_LINE = /^[^\n\r\t]*$/;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const NO_CONTROL_BUT_LINE_BREAKS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/**
 * Text in the 22 languages. A language left out or given as '' is missing: the shop shows the English text there.
 * Unknown language codes are refused.
 */
function localized(max: number, singleLine: boolean) {
  const text = z.string().trim().regex(NO_CONTROL_BUT_LINE_BREAKS, FORMAT_RULES.controlCharacters).max(max);
  const value = singleLine ? text.regex(SINGLE_LINE, FORMAT_RULES.singleLine) : text;
  const shape = Object.fromEntries(SUPPORTED_LANGUAGES.map((language) => [language, value.optional()])) as Record<Language, z.ZodOptional<typeof value>>;
  return z
    .strictObject(shape)
    .transform((text) => Object.fromEntries(Object.entries(text).filter(([, v]) => typeof v === 'string' && v !== '')) as Partial<Record<Language, string>>);
}

export const LocalizedNames = localized(NAME_MAX, true);
export const LocalizedDescs = localized(DESC_MAX, false);
export type LocalizedText = Partial<Record<Language, string>>;

/** The languages a text lacks (the completeness marker). */
export const missingLanguages = (text: LocalizedText | Record<string, string>): Language[] =>
  SUPPORTED_LANGUAGES.filter((language) => !(text as Record<string, string | undefined>)[language]);

/** A product's configuration: the diamond (gem) amount shown and delivered, its bonus part, VIP days, in-game items. */
export const ProductConfig = z.strictObject({
  diamond: z.number().int().positive().max(INT4_MAX).optional(),
  /** Of the diamond amount, how many are a bonus: the shop shows "+N bonus" (delivered as part of `diamond`). */
  bonus: z.number().int().positive().max(INT4_MAX).optional(),
  vipDays: z.number().int().positive().max(36_500).optional(),
  items: z
    .array(z.strictObject({ itemId: z.number().int().positive().max(INT4_MAX), count: z.number().int().positive().max(INT4_MAX) }))
    .max(50)
    .optional(),
});
export type ProductConfig = z.infer<typeof ProductConfig>;

const saleTime = z.iso.datetime({ offset: true }).nullable();
const goodsType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);

/** Everything of a product an operator sets (create; the update takes any subset). */
const productShape = {
  appId: jsonInt4Id,
  /** diamond 1, vip 2, other 3, free 4, voucher 5 */
  goodsType,
  /** Default: the goods type's category (CATEGORY_OF_TYPE). */
  categoryId: jsonInt4Id.optional(),
  productSn,
  names: LocalizedNames,
  descs: LocalizedDescs.optional(),
  /** The original price, integer minor units of `currency`. */
  priceMinor: minorUnits,
  /** What is charged (not above the price), integer minor units. */
  discountPriceMinor: minorUnits,
  currency: isoCurrency,
  /** Voucher packs: the vouchers credited (one voucher is one US cent); 0 for everything else. */
  voucherAmount: minorUnits.optional(),
  config: ProductConfig.optional(),
  /** `/media/<id>` of an uploaded image, a path of the web app, or an https URL. Default: DEFAULT_THUMBNAIL. */
  thumbnail: imageRef.optional(),
  sort: sortOrder.optional(),
  /** Off: not listed, shown or sold. */
  hidden: z.boolean().optional(),
  /** On sale from / until (ISO 8601 with offset; null: no limit). */
  saleStartsAt: saleTime.optional(),
  saleEndsAt: saleTime.optional(),
  /** Free gifts: how many roles may claim it in all (null: no limit). */
  claimLimit: z.number().int().positive().max(INT4_MAX).nullable().optional(),
};

export const ProductCreateBody = z.strictObject(productShape);
export type ProductCreateBody = z.input<typeof ProductCreateBody>;

/** An update names only what changes; game and goods type stay. */
const { appId: _appId, goodsType: _goodsType, ...updatable } = productShape;
export const ProductUpdateBody = z.strictObject(
  Object.fromEntries(Object.entries(updatable).map(([key, schema]) => [key, (schema as z.ZodType).optional()])) as {
    [K in keyof typeof updatable]: z.ZodOptional<(typeof updatable)[K]>;
  },
);
export type ProductUpdateBody = z.input<typeof ProductUpdateBody>;

/** A product with every field settled (what is stored, exported and imported). */
export interface ProductValues {
  appId: number;
  goodsType: number;
  categoryId: number;
  productSn: string;
  names: LocalizedText;
  descs: LocalizedText;
  priceMinor: number;
  discountPriceMinor: number;
  currency: string;
  voucherAmount: number;
  config: ProductConfig;
  thumbnail: string;
  sort: number;
  hidden: boolean;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  claimLimit: number | null;
}

/**
 * A sale time in UTC ISO form. A value that is no time is kept as it is: only a document the schema refuses has one (its
 * rules still run, so that a dry run lists every problem), and converting it would throw.
 */
function utcTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
}

/** A create body with the defaults filled in. */
export function productValuesOf(body: z.output<typeof ProductCreateBody>): ProductValues {
  const type = body.goodsType as GoodsTypeValue;
  return {
    appId: body.appId,
    goodsType: type,
    categoryId: body.categoryId ?? CATEGORY_OF_TYPE[type],
    productSn: body.productSn,
    names: body.names,
    descs: body.descs ?? {},
    priceMinor: body.priceMinor,
    discountPriceMinor: body.discountPriceMinor,
    currency: body.currency,
    voucherAmount: body.voucherAmount ?? 0,
    config: body.config ?? {},
    thumbnail: body.thumbnail ?? DEFAULT_THUMBNAIL[type],
    sort: body.sort ?? 0,
    hidden: body.hidden ?? false,
    saleStartsAt: utcTime(body.saleStartsAt),
    saleEndsAt: utcTime(body.saleEndsAt),
    claimLimit: body.claimLimit ?? null,
  };
}

// --- the product rules ------------------------------------------------------------------------------------------------

/** Each rule is also the server's message key that explains it. */
export const ProductRule = {
  ENGLISH_NAME: 'productEnglishNameRequired',
  PRICE_BELOW_ZERO: 'productPriceBelowZero',
  DISCOUNT_ABOVE_PRICE: 'productDiscountAbovePrice',
  VOUCHER_AMOUNT_REQUIRED: 'productVoucherAmountRequired',
  VOUCHER_AMOUNT_NOT_VOUCHER: 'productVoucherAmountOnlyVouchers',
  FREE_HAS_PRICE: 'productFreeHasPrice',
  CLAIM_LIMIT_NOT_FREE: 'productClaimLimitOnlyGifts',
  SALE_WINDOW: 'productSaleWindowInvalid',
  EXCLUDED_ON: 'productExcludedCannotBeOn',
} as const;
export type ProductRule = (typeof ProductRule)[keyof typeof ProductRule];

/** The rules' English wording, for the catalogue document's schema (the server translates them by key). */
export const PRODUCT_RULE_TEXT: Record<ProductRule, string> = {
  productEnglishNameRequired: 'an English name is required',
  productPriceBelowZero: 'a price must not be below zero',
  productDiscountAbovePrice: 'the discounted price must not be above the price',
  productVoucherAmountRequired: 'a voucher pack needs a voucher amount above zero',
  productVoucherAmountOnlyVouchers: 'only voucher packs have a voucher amount',
  productFreeHasPrice: 'a free gift costs nothing: both prices must be 0',
  productClaimLimitOnlyGifts: 'only free gifts have a claim limit',
  productSaleWindowInvalid: 'the sale must end after it starts',
  productExcludedCannotBeOn: 'product 9521 is excluded by the spec and cannot be switched on',
};

export interface RuleViolation {
  /** The field the rule is about. */
  field: keyof ProductValues;
  rule: ProductRule;
}

/**
 * The business rules of a product, checked on every create, update (on the product as it would be afterwards) and
 * import. `id` is the product's id when it has one (product 9521 cannot be switched on from the console: `switchingOn`).
 */
export function productRuleViolations(product: ProductValues, options: { id?: number; switchingOn?: boolean } = {}): RuleViolation[] {
  const problems: RuleViolation[] = [];
  if (!product.names.en) problems.push({ field: 'names', rule: ProductRule.ENGLISH_NAME });
  if (product.priceMinor < 0) problems.push({ field: 'priceMinor', rule: ProductRule.PRICE_BELOW_ZERO });
  if (product.discountPriceMinor < 0) problems.push({ field: 'discountPriceMinor', rule: ProductRule.PRICE_BELOW_ZERO });
  else if (product.discountPriceMinor > product.priceMinor) problems.push({ field: 'discountPriceMinor', rule: ProductRule.DISCOUNT_ABOVE_PRICE });
  if (product.voucherAmount < 0) problems.push({ field: 'voucherAmount', rule: ProductRule.PRICE_BELOW_ZERO });
  if (product.goodsType === GoodsType.VOUCHER && product.voucherAmount <= 0) problems.push({ field: 'voucherAmount', rule: ProductRule.VOUCHER_AMOUNT_REQUIRED });
  if (product.goodsType !== GoodsType.VOUCHER && product.voucherAmount > 0) problems.push({ field: 'voucherAmount', rule: ProductRule.VOUCHER_AMOUNT_NOT_VOUCHER });
  if (product.goodsType === GoodsType.FREE && (product.priceMinor !== 0 || product.discountPriceMinor !== 0)) {
    problems.push({ field: 'priceMinor', rule: ProductRule.FREE_HAS_PRICE });
  }
  if (product.goodsType !== GoodsType.FREE && product.claimLimit !== null) problems.push({ field: 'claimLimit', rule: ProductRule.CLAIM_LIMIT_NOT_FREE });
  if (product.saleStartsAt && product.saleEndsAt && Date.parse(product.saleStartsAt) >= Date.parse(product.saleEndsAt)) {
    problems.push({ field: 'saleEndsAt', rule: ProductRule.SALE_WINDOW });
  }
  if (options.id === EXCLUDED_PRODUCT_ID && options.switchingOn) problems.push({ field: 'hidden', rule: ProductRule.EXCLUDED_ON });
  return problems;
}

// --- views ------------------------------------------------------------------------------------------------------------

export const GameServerView = z.object({
  appId: z.number().int(),
  serverId: z.string(),
  serverName: z.string(),
  /** A disabled server is not offered when players bind a role. */
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type GameServerView = z.infer<typeof GameServerView>;

export const GameView = z.object({
  appId: z.number().int(),
  name: z.string(),
  serverCount: z.number().int(),
  productCount: z.number().int(),
  channelCount: z.number().int(),
  /** The game's art in the shop (issue 14): a wide banner (GAME_ART_SIZE.banner) and a square icon; null: none. */
  banner: z.string().nullable(),
  icon: z.string().nullable(),
});
export type GameView = z.infer<typeof GameView>;

const localizedView = z.record(z.string(), z.string());

export const ProductView = z.object({
  id: z.number().int(),
  appId: z.number().int(),
  goodsType: z.number().int(),
  categoryId: z.number().int(),
  productSn: z.string(),
  names: localizedView,
  descs: localizedView,
  /** The completeness marker: languages without a name, without a description. */
  missingNames: z.array(z.string()),
  missingDescs: z.array(z.string()),
  priceMinor: z.number().int(),
  discountPriceMinor: z.number().int(),
  currency: z.string(),
  voucherAmount: z.number().int(),
  config: z.record(z.string(), z.unknown()),
  thumbnail: z.string(),
  sort: z.number().int(),
  hidden: z.boolean(),
  saleStartsAt: z.string().nullable(),
  saleEndsAt: z.string().nullable(),
  claimLimit: z.number().int().nullable(),
  /** Free gifts: how many roles have claimed it. */
  claimed: z.number().int(),
  /** Product 9521: never shown or sold (spec section 9), whatever `hidden` says. */
  excluded: z.boolean(),
  /** Whether players can see and buy it right now: on, not excluded, inside its sale window. */
  onSale: z.boolean(),
  /** Raised by every change of the product; an order line names the version it was sold at. */
  version: z.number().int(),
  updatedAt: z.string(),
});
export type ProductView = z.infer<typeof ProductView>;

export const ChannelView = z.object({
  id: z.number().int(),
  appId: z.number().int(),
  regionCode: z.string(),
  payMethodName: z.string(),
  payMethodId: z.string(),
  thirdChannelId: z.string(),
  thirdChannelName: ThirdChannelName,
  payIcon: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  hiddenOnDevices: z.array(z.enum(DEVICES)),
});
export type ChannelView = z.infer<typeof ChannelView>;

// --- routes: games and servers ----------------------------------------------------------------------------------------

const BASE = '/console/v1/catalogue';
const appIdParams = z.object({ appId: int4Id });
const gameName = plainString().min(1).max(100);
/** A game's banner or icon: an uploaded image (/media/...), a site path or an https URL; null removes it. */
const gameArt = imageRef.nullable();
const serverName = plainString().min(1).max(100);

export const consoleGames = defineRoute({
  method: 'GET',
  path: `${BASE}/games`,
  auth: 'operator',
  permission: Permission.CATALOGUE_READ,
  summary: 'Every game with the number of its servers, products and payment channels',
  data: z.array(GameView),
});

export const consoleCreateGame = defineRoute({
  method: 'POST',
  path: `${BASE}/games`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary: 'Adds a game (in production only one whose launch secret is configured: GAME_LAUNCH_SECRETS). Audited.',
  body: z.strictObject({ appId: jsonInt4Id, name: gameName, banner: gameArt.optional(), icon: gameArt.optional() }),
  data: GameView,
});

export const consoleRenameGame = defineRoute({
  method: 'POST',
  path: `${BASE}/games/:appId`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary: "Renames a game and sets its banner and icon (left out: unchanged; null: removed). Audited.",
  params: appIdParams,
  body: z.strictObject({ name: gameName, banner: gameArt.optional(), icon: gameArt.optional() }),
  data: GameView,
});

export const consoleGameServers = defineRoute({
  method: 'GET',
  path: `${BASE}/games/:appId/servers`,
  auth: 'operator',
  permission: Permission.CATALOGUE_READ,
  summary: "A game's servers in their order",
  params: appIdParams,
  data: z.array(GameServerView),
});

export const consoleCreateServer = defineRoute({
  method: 'POST',
  path: `${BASE}/games/:appId/servers`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary: 'Adds a server to a game. Audited.',
  params: appIdParams,
  body: z.strictObject({ serverId, serverName, enabled: z.boolean().optional(), sort: sortOrder.optional() }),
  data: GameServerView,
});

export const consoleUpdateServer = defineRoute({
  method: 'POST',
  path: `${BASE}/games/:appId/servers/:serverId`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary: 'Renames a server, enables or disables it (a disabled server is not offered when binding a role), changes its order. Audited.',
  params: appIdParams.extend({ serverId }),
  body: z.strictObject({ serverName: serverName.optional(), enabled: z.boolean().optional(), sort: sortOrder.optional() }),
  data: GameServerView,
});

// --- routes: products -------------------------------------------------------------------------------------------------

export const consoleProducts = defineRoute({
  method: 'GET',
  path: `${BASE}/products`,
  auth: 'operator',
  permission: Permission.CATALOGUE_READ,
  summary: 'Products by game, goods type, on/off and text (id, productSn or a name in any language), in shop order, a page at a time',
  query: z.object({
    appId: int4Id.optional(),
    goodsType: z.coerce.number().int().min(1).max(5).optional(),
    status: z.enum(['on', 'off']).optional(),
    text: plainString().max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  }),
  data: z.object({ items: z.array(ProductView), total: z.number().int() }),
});

const productIdParams = z.object({ id: int4Id });

export const consoleProduct = defineRoute({
  method: 'GET',
  path: `${BASE}/products/:id`,
  auth: 'operator',
  permission: Permission.CATALOGUE_READ,
  summary: 'One product with all its languages',
  params: productIdParams,
  data: ProductView,
});

export const consoleCreateProduct = defineRoute({
  method: 'POST',
  path: `${BASE}/products`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary:
    'Creates a product (its id is the next free one). Refused with a clear message: no English name, a price below zero, a discount above the price, ' +
    'a voucher pack without a voucher amount, a productSn in use, an unknown game. Audited.',
  body: ProductCreateBody,
  data: ProductView,
});

export const consoleUpdateProduct = defineRoute({
  method: 'POST',
  path: `${BASE}/products/:id`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary: 'Changes a product (only the fields given); the product as it would be afterwards must pass the same rules as a new one. Audited.',
  params: productIdParams,
  body: ProductUpdateBody,
  data: ProductView,
});

// --- routes: payment channels -----------------------------------------------------------------------------------------

export const consoleChannels = defineRoute({
  method: 'GET',
  path: `${BASE}/channels`,
  auth: 'operator',
  permission: Permission.CATALOGUE_READ,
  summary: "A game's payment channels, optionally of one region (`*`: the list for regions without their own), in order",
  query: z.object({ appId: int4Id, regionCode: channelRegion.optional() }),
  data: z.array(ChannelView),
});

const hiddenOnDevices = z.array(z.enum(DEVICES)).max(DEVICES.length).refine((list) => new Set(list).size === list.length, { message: 'each device once', params: { problem: 'repeatedDevice' } });

export const consoleCreateChannel = defineRoute({
  method: 'POST',
  path: `${BASE}/channels`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary: 'Adds a payment channel to a game and region. Audited.',
  body: z.strictObject({
    appId: jsonInt4Id,
    regionCode: channelRegion,
    payMethodName: plainString().min(1).max(100),
    payMethodId: channelCode,
    thirdChannelId: channelCode,
    thirdChannelName: ThirdChannelName,
    payIcon: imageRef,
    sort: sortOrder.optional(),
    enabled: z.boolean().optional(),
    hiddenOnDevices: hiddenOnDevices.optional(),
  }),
  data: ChannelView,
});

export const consoleUpdateChannel = defineRoute({
  method: 'POST',
  path: `${BASE}/channels/:id`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary: 'Switches a payment channel on or off, changes its order, name, icon or the devices it is hidden on. Audited.',
  params: z.object({ id: int4Id }),
  body: z.strictObject({
    payMethodName: plainString().min(1).max(100).optional(),
    payIcon: imageRef.optional(),
    sort: sortOrder.optional(),
    enabled: z.boolean().optional(),
    hiddenOnDevices: hiddenOnDevices.optional(),
  }),
  data: ChannelView,
});

// --- routes: images ---------------------------------------------------------------------------------------------------

/** Base64 of at most MEDIA_MAX_BYTES bytes. */
const BASE64_MAX = Math.ceil(MEDIA_MAX_BYTES / 3) * 4;

export const MediaUploadBody = z.strictObject({
  /** The image's bytes, base64 (a `data:image/...;base64,` prefix is accepted). */
  data: z.string().min(1).max(BASE64_MAX + 100),
});

export const MediaView = z.object({ id: z.string(), url: z.string(), contentType: z.string(), size: z.number().int() });
export type MediaView = z.infer<typeof MediaView>;

export const consoleUploadMedia = defineRoute({
  method: 'POST',
  path: `${BASE}/media`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary:
    'Uploads a thumbnail or icon: PNG, JPEG, WebP or GIF (checked by its first bytes), at most 512 kB, base64 in JSON. ' +
    'Answers its URL `/media/<sha256>` (served publicly with a long immutable cache). Audited.',
  body: MediaUploadBody,
  data: MediaView,
});

// --- the catalogue document (export / import) -------------------------------------------------------------------------

const DocumentServer = z.strictObject({ serverId, serverName, enabled: z.boolean().default(true), sort: sortOrder.default(0) });

const DocumentGame = z.strictObject({
  appId: jsonInt4Id,
  name: gameName,
  banner: gameArt.default(null),
  icon: gameArt.default(null),
  servers: z.array(DocumentServer).max(10_000).default([]),
});

/**
 * A product's local price in one country (ADR 0050), in the currency's minor units: an operator's price (override) or
 * a computed one. On import, the country must be in the shop's country table and the currency the country's or USD.
 */
const DocumentPrice = z.strictObject({
  regionCode: plainString()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, FORMAT_RULES.regionCode),
  currency: isoCurrency,
  priceMinor: minorUnits,
  discountPriceMinor: minorUnits,
  taxIncluded: z.boolean(),
  override: z.boolean(),
});

const DocumentProduct = z.strictObject({
  id: jsonInt4Id,
  /** Its price points; absent: the import leaves the product's points as they are (new products get computed ones). */
  prices: z.array(DocumentPrice).max(300).optional(),
  ...productShape,
  descs: LocalizedDescs.default({}),
  voucherAmount: minorUnits.default(0),
  config: ProductConfig.default({}),
  sort: sortOrder.default(0),
  hidden: z.boolean().default(false),
  saleStartsAt: saleTime.default(null),
  saleEndsAt: saleTime.default(null),
  claimLimit: z.number().int().positive().max(INT4_MAX).nullable().default(null),
});

const DocumentChannel = z.strictObject({
  appId: jsonInt4Id,
  regionCode: channelRegion,
  payMethodName: plainString().min(1).max(100),
  payMethodId: channelCode,
  thirdChannelId: channelCode,
  thirdChannelName: ThirdChannelName,
  payIcon: imageRef,
  sort: sortOrder.default(0),
  enabled: z.boolean().default(true),
  hiddenOnDevices: hiddenOnDevices.default([]),
});

/** An uploaded image the document's games, products or channels show, so that it moves with them. */
const DocumentMedia = z.strictObject({
  id: plainString().regex(/^[0-9a-f]{64}$/, FORMAT_RULES.mediaId),
  contentType: z.enum(MEDIA_CONTENT_TYPES),
  base64: z.string().min(1).max(BASE64_MAX),
});

const channelKey = (c: { appId: number; regionCode: string; payMethodId: string; thirdChannelId: string }) =>
  `${c.appId}/${c.regionCode}/${c.payMethodId}/${c.thirdChannelId}`;

/**
 * The whole catalogue as one JSON document: games with their servers, products, payment channels and the uploaded
 * images they show. Unknown fields are refused everywhere, ids and keys must be unique, every product must pass the
 * product rules, and every product and channel must belong to a game of the document (or, on import, of the database:
 * the server checks that part).
 */
export const CatalogueDocument = z
  .strictObject({
    version: z.literal(CATALOGUE_DOCUMENT_VERSION),
    exportedAt: z.iso.datetime({ offset: true }).optional(),
    games: z.array(DocumentGame).max(1000),
    products: z.array(DocumentProduct).max(20_000),
    channels: z.array(DocumentChannel).max(20_000),
    media: z.array(DocumentMedia).max(500).default([]),
  })
  .superRefine((document, ctx) => {
    const duplicates = <T>(items: T[], key: (item: T) => string | number, path: (index: number) => (string | number)[], what: string) => {
      const seen = new Map<string | number, number>();
      items.forEach((item, index) => {
        const value = key(item);
        const first = seen.get(value);
        if (first === undefined) seen.set(value, index);
        else ctx.addIssue({ code: 'custom', path: path(index), message: `duplicate ${what} ${value} (also at index ${first})`, params: { problem: 'duplicate', value, first } });
      });
    };
    duplicates(document.games, (g) => g.appId, (i) => ['games', i, 'appId'], 'appId');
    document.games.forEach((game, g) =>
      duplicates(game.servers, (s) => s.serverId, (i) => ['games', g, 'servers', i, 'serverId'], `serverId of game ${game.appId}:`),
    );
    duplicates(document.products, (p) => p.id, (i) => ['products', i, 'id'], 'product id');
    duplicates(document.products, (p) => p.productSn, (i) => ['products', i, 'productSn'], 'productSn');
    duplicates(document.channels, channelKey, (i) => ['channels', i], 'channel (appId/region/payMethodId/thirdChannelId)');
    duplicates(document.media, (m) => m.id, (i) => ['media', i, 'id'], 'media id');
    document.products.forEach((product, index) => {
      for (const violation of productRuleViolations(productValuesOf(product), { id: product.id })) {
        ctx.addIssue({ code: 'custom', path: ['products', index, violation.field], message: PRODUCT_RULE_TEXT[violation.rule], params: { problem: violation.rule } });
      }
      const prices = product.prices ?? [];
      duplicates(prices, (price) => price.regionCode, (i) => ['products', index, 'prices', i, 'regionCode'], 'price country');
      prices.forEach((price, i) => {
        const rule = price.priceMinor < 0 || price.discountPriceMinor < 0 ? ProductRule.PRICE_BELOW_ZERO : price.discountPriceMinor > price.priceMinor ? ProductRule.DISCOUNT_ABOVE_PRICE : null;
        const field = rule === ProductRule.DISCOUNT_ABOVE_PRICE || price.priceMinor >= 0 ? 'discountPriceMinor' : 'priceMinor';
        if (rule) ctx.addIssue({ code: 'custom', path: ['products', index, 'prices', i, field], message: PRODUCT_RULE_TEXT[rule], params: { problem: rule } });
      });
    });
  });
export type CatalogueDocument = z.output<typeof CatalogueDocument>;
export type CatalogueDocumentInput = z.input<typeof CatalogueDocument>;
export { channelKey };

/** The catalogue document as the export answers it (the import's CatalogueDocument accepts exactly this). */
export const CatalogueDocumentView = z.object({
  version: z.number().int(),
  exportedAt: z.string(),
  games: z.array(
    z.object({
      appId: z.number().int(),
      name: z.string(),
      banner: z.string().nullable(),
      icon: z.string().nullable(),
      servers: z.array(GameServerView.omit({ appId: true })),
    }),
  ),
  products: z.array(
    ProductView.omit({ missingNames: true, missingDescs: true, claimed: true, excluded: true, onSale: true, updatedAt: true }).extend({
      names: z.record(z.string(), z.string()),
      descs: z.record(z.string(), z.string()),
      prices: z.array(
        z.object({
          regionCode: z.string(),
          currency: z.string(),
          priceMinor: z.number().int(),
          discountPriceMinor: z.number().int(),
          taxIncluded: z.boolean(),
          override: z.boolean(),
        }),
      ),
    }),
  ),
  channels: z.array(ChannelView.omit({ id: true })),
  media: z.array(z.object({ id: z.string(), contentType: z.string(), base64: z.string() })),
});

export const consoleExportCatalogue = defineRoute({
  method: 'GET',
  path: `${BASE}/export`,
  auth: 'operator',
  permission: Permission.CATALOGUE_READ,
  summary:
    "The catalogue document in the envelope's data: every game (or one, `appId`) with its servers, products, payment channels " +
    'and the uploaded images they show. Save `data` as a file (the console does; with curl: `| jq .data`) and POST it to .../import.',
  query: z.object({ appId: int4Id.optional() }),
  data: CatalogueDocumentView,
});

/**
 * What can be wrong with a catalogue document, as the import reports it: a code, never a sentence. The console words
 * each code in English or Chinese; a script can act on it (ADR 0028, docs/adr/0028-console-catalogue.md).
 */
export const IMPORT_PROBLEMS = [
  // the document's form: a field missing, of the wrong type, outside its limits, not one of the allowed values, unknown
  'required',
  'wrongType',
  'notAllowed',
  'unknownField',
  'empty',
  'tooShort',
  'tooLong',
  'tooSmall',
  'notAbove',
  'tooBig',
  'tooFewItems',
  'tooManyItems',
  'notDateTime',
  ...(Object.keys(FORMAT_RULES) as FormatRule[]),
  'unknownCurrency',
  'repeatedDevice',
  'invalid',
  // the document against itself and the product rules
  'duplicate',
  ...Object.values(ProductRule),
  // the document against the database
  'noLaunchSecret',
  'unknownGame',
  'productSnTaken',
  'productMoved',
  'badMedia',
  'missingImage',
  'unknownCountry',
  'priceCurrency',
] as const;
export const ImportProblem = z.enum(IMPORT_PROBLEMS);
export type ImportProblem = z.infer<typeof ImportProblem>;

export const ImportIssue = z.object({
  /** Where, as people write it: `products[3].names.en`; `(document)` for the document as a whole. */
  path: z.string(),
  problem: ImportProblem,
  /**
   * What the problem's wording names: `expected` (wrongType: object, array, string, number, int, boolean), `allowed`
   * (notAllowed), `minimum`/`maximum` (the limits), `value` and `first` (duplicate: the value and the index that has it
   * first), `appId`, `productSn`, `product`, `goodsType`, `media`, `maxKb`.
   */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ImportIssue = z.infer<typeof ImportIssue>;

const counts = z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });

export const ImportReport = z.object({
  dryRun: z.boolean(),
  /** false: the document was refused (see `errors`); nothing was changed. */
  valid: z.boolean(),
  /** true once the real import has committed (all or nothing). */
  applied: z.boolean(),
  errors: z.array(ImportIssue),
  summary: z.object({ games: counts, servers: counts, products: counts, channels: counts, media: counts }),
  /** What would be (dry run) or was created and updated, as keys: `game 10030`, `product 1001`, `channel 10030/US/PAYPAL/paypal-main`... */
  created: z.array(z.string()),
  updated: z.array(z.string()),
});
export type ImportReport = z.infer<typeof ImportReport>;

/**
 * The import's body as the server receives it: any JSON. The server validates it with CatalogueDocument itself, so that a
 * dry run answers every problem with its path instead of the framework's first-field message; OpenAPI still documents
 * it as the catalogue document (the JSON schema of CatalogueDocument's input).
 */
const { $schema: _jsonSchemaDialect, ...catalogueDocumentJsonSchema } = z.toJSONSchema(CatalogueDocument, { io: 'input', unrepresentable: 'any' });
export const CatalogueImportBody = z.unknown().meta(catalogueDocumentJsonSchema);

export const consoleImportCatalogue = defineRoute({
  method: 'POST',
  path: `${BASE}/import`,
  auth: 'operator',
  permission: Permission.CATALOGUE_WRITE,
  summary:
    'Imports a catalogue document (the body is the document GET .../export answers; schema CatalogueDocument). With `dryRun=true` it ' +
    'only answers what would be created and updated, or every problem found (its path, a problem code and the parameters ' +
    'the problem names). Otherwise it creates and updates games, servers, ' +
    'products, channels and images in one transaction (all or nothing; nothing is deleted), audited; a document with any ' +
    'problem (unknown fields, duplicate ids, a product without an English name, a price below zero, a product of an unknown game...) ' +
    'is refused with 400 and changes nothing.',
  query: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
  body: CatalogueImportBody,
  data: ImportReport,
});
