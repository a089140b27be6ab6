import { sql } from 'drizzle-orm';
import type { TaxModel } from '@shop/contract/pricing';
import {
  customType,
  bigint,
  date,
  bigserial,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ref = (column: string) => bigint(column, { mode: 'number' });

export type LocalizedText = Record<string, string>;
export type DuplicatePaymentStatus = 'open' | 'refund_pending' | 'refunded' | 'refund_failed';

export const games = pgTable('games', {
  appId: integer('app_id').primaryKey(),
  name: text('name').notNull(),
  /** The game's art the shop shows (issue 14): a wide banner and a square icon, each a site path or an https URL; null: none. */
  banner: text('banner'),
  icon: text('icon'),
});

export const gameServers = pgTable(
  'game_servers',
  {
    appId: integer('app_id').notNull().references(() => games.appId),
    serverId: text('server_id').notNull(),
    serverName: text('server_name').notNull(),
    /** A closed server is not offered when binding a role. */
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.serverId] })],
);

export const countries = pgTable('countries', {
  regionCode: char('region_code', { length: 2 }).primaryKey(),
  region: text('region').notNull(),
  regionCn: text('region_cn').notNull(),
  dialCode: text('dial_code').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email'),
    mobile: text('mobile'),
    countryCode: char('country_code', { length: 2 }),
    passwordHash: text('password_hash'),
    /** Raised when every session must end (password reset/change, logout everywhere); access tokens carry it as `sv`. */
    sessionVersion: integer('session_version').notNull().default(0),
    /** Set by an operator: a blocked player cannot log in, and their sessions end (the session version is raised with it). */
    blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }),
    blockedReason: text('blocked_reason'),
    /**
     * Orders of this player waiting for their money (status 0 or 1, gifts aside): raised by the statement that places an
     * order, only while under the cap (orders/order-placement.ts), lowered by a trigger when an order leaves 0/1
     * (migration 0015). The cap is checked on this row, so parallel orders of one player never pass it.
     */
    openOrders: integer('open_orders').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_mobile_key').on(t.mobile),
    check('users_open_orders_check', sql`${t.openOrders} >= 0`),
  ],
);

/** A game role bound to a player. A role belongs to at most one player. */
/**
 * A game role as the game knows it (app, server, role): its voucher balance, orders and deliveries hang on it. Only the
 * game's launch (quick login, signed in production) proves who owns it: `owner_user_id` is set by a launch and never by a
 * binding by game ID (ADR 0010, docs/adr/0010-role-ownership-and-signed-launches.md). Players reach roles through `player_roles`.
 */
export const gameAccounts = pgTable(
  'game_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The player the game's launch vouched for; null while the role was only bound by game ID. */
    ownerUserId: ref('owner_user_id').references(() => users.id),
    appId: integer('app_id')
      .notNull()
      .references(() => games.appId),
    accountId: text('account_id').notNull(),
    serverId: text('server_id').notNull(),
    roleId: text('role_id').notNull(),
    roleName: text('role_name').notNull(),
    /** The account's name on the game server (shown on /role); '' when unknown (quick-login accounts). */
    accountName: text('account_name').notNull().default(''),
    userLevel: integer('user_level').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('game_accounts_role_key').on(t.appId, t.serverId, t.roleId),
    index('game_accounts_owner_idx').on(t.ownerUserId),
    index('game_accounts_account_idx').on(t.appId, t.accountId),
    /** The console's player and order lookup by role id or role name. */
    index('game_accounts_role_id_idx').on(t.roleId),
    /**
     * Role-name prefix searches: `lower(role_name) LIKE lower('x%')`. text_pattern_ops compares byte-wise, which is what
     * lets a LIKE prefix become an index range under any collation (a plain index only serves it under "C").
     */
    index('game_accounts_role_name_prefix_idx').on(sql`lower(${t.roleName}) text_pattern_ops`),
  ],
);

/**
 * The roles a player shops for: the roles the game launched them into (owned) and the ones they bound by game ID, which
 * any number of players may bind (as anyone may top up any game ID). One default per player.
 */
export const playerRoles = pgTable(
  'player_roles',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    gameAccountId: ref('game_account_id')
      .notNull()
      .references(() => gameAccounts.id),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameAccountId] }), index('player_roles_role_idx').on(t.gameAccountId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    gameAccountId: bigint('game_account_id', { mode: 'number' }).references(() => gameAccounts.id),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    /** Retention: tokens long past their expiry. */
    index('refresh_tokens_expires_idx').on(t.expiresAt),
  ],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => games.appId),
    goodsType: smallint('goods_type').notNull(),
    categoryId: integer('category_id').notNull(),
    productSn: text('product_sn').notNull(),
    priceMinor: integer('price_minor').notNull(),
    discountPriceMinor: integer('discount_price_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    voucherAmount: integer('voucher_amount').notNull().default(0),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    thumbnail: text('thumbnail').notNull(),
    sort: integer('sort').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    names: jsonb('names').$type<LocalizedText>().notNull(),
    descs: jsonb('descs').$type<LocalizedText>().notNull(),
    /** On sale from / until (null: no limit); outside the window the product is not shown or sold. */
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true, mode: 'date' }),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true, mode: 'date' }),
    /** Free gifts: how many roles may claim it in all (null: no limit); each role claims once. */
    claimLimit: integer('claim_limit'),
    /**
     * Raised by the database (trigger products_version, migration 0021) on every update that changes anything but
     * updated_at: an order line keeps the version it was sold at, and the audit log's product.update entries tell
     * what each version held.
     */
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sn_key').on(t.productSn),
    index('products_app_type_idx').on(t.appId, t.goodsType, t.sort),
    check('products_price_check', sql`${t.priceMinor} >= 0 AND ${t.discountPriceMinor} >= 0 AND ${t.discountPriceMinor} <= ${t.priceMinor}`),
    check('products_voucher_amount_check', sql`${t.voucherAmount} >= 0`),
    check('products_claim_limit_check', sql`${t.claimLimit} IS NULL OR ${t.claimLimit} > 0`),
    check('products_sale_window_check', sql`${t.saleStartsAt} IS NULL OR ${t.saleEndsAt} IS NULL OR ${t.saleStartsAt} < ${t.saleEndsAt}`),
  ],
);

/** A country's currency, tax model and the providers that charge its currency (ADR 0050); owned by the operators. */
export const countryPricing = pgTable(
  'country_pricing',
  {
    regionCode: char('region_code', { length: 2 })
      .primaryKey()
      .references(() => countries.regionCode),
    currency: char('currency', { length: 3 }).notNull(),
    taxModel: text('tax_model').$type<TaxModel>().notNull(),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    /** null: every provider that can charge the currency; else only these (an operator's choice). */
    localProviders: text('local_providers').array(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('country_pricing_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('country_pricing_tax_model_check', sql`${t.taxModel} IN ('inclusive', 'exclusive', 'none')`),
    check('country_pricing_tax_rate_check', sql`${t.taxRateBp} BETWEEN 0 AND 10000`),
  ],
);

/** The current exchange rates, as imported by an operator: units of `currency` per one US dollar. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: char('currency', { length: 3 }).primaryKey(),
    perUsd: numeric('per_usd', { precision: 24, scale: 12 }).notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('exchange_rates_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('exchange_rates_per_usd_check', sql`${t.perUsd} > 0`),
  ],
);

/** A product's local price in a country (ADR 0050): set by an operator, or computed from the base price at a rate. */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    regionCode: char('region_code', { length: 2 })
      .notNull()
      .references(() => countries.regionCode),
    currency: char('currency', { length: 3 }).notNull(),
    priceMinor: integer('price_minor').notNull(),
    discountPriceMinor: integer('discount_price_minor').notNull(),
    taxIncluded: boolean('tax_included').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    override: boolean('override').notNull().default(false),
    /** The exchange rate (units per USD) a computed price was computed at; null for an operator's price. */
    rate: numeric('rate', { precision: 24, scale: 12 }),
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'product_prices_pkey', columns: [t.productId, t.regionCode] }),
    index('product_prices_currency_idx').on(t.currency).where(sql`NOT ${t.override}`),
    check('product_prices_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('product_prices_price_check', sql`${t.priceMinor} >= 0 AND ${t.discountPriceMinor} >= 0 AND ${t.discountPriceMinor} <= ${t.priceMinor}`),
    check('product_prices_tax_rate_check', sql`${t.taxRateBp} BETWEEN 0 AND 10000`),
    check('product_prices_computed_check', sql`${t.override} OR (${t.rate} IS NOT NULL AND ${t.computedAt} IS NOT NULL)`),
  ],
);

/** Pay channels offered per game and region; region '*' is the list for every region without its own. */
export const payChannels = pgTable(
  'pay_channels',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => games.appId),
    regionCode: text('region_code').notNull(),
    payMethodName: text('pay_method_name').notNull(),
    payMethodId: text('pay_method_id').notNull(),
    thirdChannelId: text('third_channel_id').notNull(),
    thirdChannelName: text('third_channel_name').notNull(),
    payIcon: text('pay_icon').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Devices the channel is never offered on ('android', 'ios'), besides the spec's Apple Pay / Google Pay name rule. */
    hiddenOnDevices: text('hidden_on_devices').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('pay_channels_method_key').on(t.appId, t.regionCode, t.payMethodId, t.thirdChannelId),
    check('pay_channels_provider_check', sql`${t.thirdChannelName} IN ('xsolla', 'paypal', 'payermax')`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderSn: text('order_sn').notNull(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    appId: integer('app_id')
      .notNull()
      .references(() => games.appId),
    gameAccountId: bigint('game_account_id', { mode: 'number' }).references(() => gameAccounts.id),
    orderSource: text('order_source').notNull(),
    status: smallint('status').notNull().default(0),
    currency: char('currency', { length: 3 }).notNull(),
    totalAmountMinor: integer('total_amount_minor').notNull(),
    payAmountMinor: integer('pay_amount_minor').notNull(),
    regionCode: char('region_code', { length: 2 }),
    selectedRegionCode: char('selected_region_code', { length: 2 }),
    payChannelId: integer('pay_channel_id').references(() => payChannels.id),
    payMethodName: text('pay_method_name'),
    payMethodId: text('pay_method_id'),
    thirdChannelName: text('third_channel_name'),
    /** The provider's session of the payment (PayPal order id, PayerMax trade token); PayPal's spec name thirdOrderId. */
    thirdOrderId: text('third_order_id'),
    thirdPayResponse: text('third_pay_response'),
    /** The provider's id of the payment that paid the order (PayPal capture, Xsolla transaction, PayerMax trade): refunds name it. */
    providerPaymentId: text('provider_payment_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** When the game server confirmed the delivery (shop and gift orders). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    /** Removed from My Orders by the player (v1/order/del; final states only). The row stays for accounting. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** What the order was sold at (ADR 0050); all null for orders placed before 0025: USD at their own amounts. */
    countryCode: char('country_code', { length: 2 }),
    baseCurrency: char('base_currency', { length: 3 }),
    baseTotalMinor: integer('base_total_minor'),
    basePayMinor: integer('base_pay_minor'),
    /** Units of `currency` per one unit of `base_currency` (per USD) that the base amounts were converted at. */
    exchangeRate: numeric('exchange_rate', { precision: 24, scale: 12 }),
    taxModel: text('tax_model'),
    taxRateBp: integer('tax_rate_bp'),
    /** The tax inside the paid amount (inclusive prices); 0 when the price excludes it or there is none. */
    taxMinor: integer('tax_minor'),
    /** The player's language when the order was placed: its lines' names are in it ('en' for orders placed before 0021). */
    language: text('language').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_sn_key').on(t.orderSn),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    /** A player's open orders: the unpaid-order cap counts them on every order creation. */
    index('orders_user_open_idx').on(t.userId).where(sql`${t.status} IN (0, 1)`),
    index('orders_third_order_idx').on(t.thirdChannelName, t.thirdOrderId),
    index('orders_provider_payment_idx').on(t.providerPaymentId),
    /** The console's search by the tail of an order number (from its 13th character), as players read it to support. */
    index('orders_sn_tail_idx').on(sql`substring(${t.orderSn} from 13)`),
    index('orders_game_account_idx').on(t.gameAccountId),
    /** Sales reports: paid orders by the day they were paid. */
    index('orders_paid_at_idx').on(t.paidAt).where(sql`${t.status} IN (2, 3, 6, 8, 9)`),
    /** The console's delivery-error queue. */
    index('orders_delivery_error_idx').on(t.updatedAt).where(sql`${t.status} = 8`),
    /**
     * The console's order search, newest first by (created_at, id): the creation range alone, and with each equality
     * filter the search offers in front of it; a second filter is checked on the rows the most selective one finds.
     */
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_app_created_idx').on(t.appId, t.createdAt, t.id),
    index('orders_provider_created_idx').on(t.thirdChannelName, t.createdAt, t.id),
    /** Reconciliation: unpaid and processing orders with a payment session (few at any time). */
    index('orders_reconcile_open_idx').on(t.createdAt).where(sql`${t.status} IN (0, 1) AND ${t.thirdChannelName} IS NOT NULL`),
    check('orders_status_check', sql`${t.status} BETWEEN 0 AND 9`),
    check('orders_amount_check', sql`${t.totalAmountMinor} >= 0 AND ${t.payAmountMinor} >= 0`),
    check('orders_sn_length_check', sql`length(${t.orderSn}) >= 13`),
  ],
);

/**
 * An order's lines: the product sold (id and version), its name as the player read it, the prices and quantity. The
 * description and picture are the product's own, read when shown (ADR 0006, docs/adr/0006-order-lines-storage.md).
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The product's name as the player saw it when ordering, in the order's language (orders.language). */
    name: text('name').notNull(),
    /** products.version when the order was placed. */
    productVersion: integer('product_version').notNull(),
    categoryId: integer('category_id').notNull(),
    goodsType: smallint('goods_type').notNull(),
    quantity: integer('quantity').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    priceMinor: integer('price_minor').notNull(),
    originalPriceMinor: integer('original_price_minor').notNull(),
    voucherAmount: integer('voucher_amount').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), check('order_items_quantity_check', sql`${t.quantity} > 0`)],
);

/** Every status change, for operators and audits. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    event: text('event').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

/** Free web-only gifts claimed: unique per product and game account, so a gift is claimed once, also under races. */
export const giftClaims = pgTable(
  'gift_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    gameAccountId: ref('game_account_id')
      .notNull()
      .references(() => gameAccounts.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('gift_claims_product_account_key').on(t.productId, t.gameAccountId)],
);

/** A player's refund request: one per order; provider refunds (issue 5) move it to refunded or rejected. */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<'requested' | 'refunded' | 'rejected'>().notNull().default('requested'),
    reason: text('reason'),
    /** The order status when the request was made. */
    orderStatus: smallint('order_status').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refund_requests_order_key').on(t.orderId),
    /** The console's queue of open requests, oldest first. */
    index('refund_requests_open_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'requested'`),
    check('refund_requests_status_check', sql`${t.status} IN ('requested', 'refunded', 'rejected')`),
  ],
);

/** Provider events, unique per provider and event key: a repeat is recognised and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    eventType: text('event_type').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    /** The provider's id of the payment the event is about (capture, transaction, trade), when it names one. */
    paymentId: text('payment_id'),
    /** The provider's id of the refund the event is about. */
    refundId: text('refund_id'),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_events_key').on(t.provider, t.eventKey),
    index('payment_events_order_idx').on(t.orderId),
    index('payment_events_payment_idx').on(t.paymentId),
    index('payment_events_refund_idx').on(t.refundId),
  ],
);

export const voucherAccounts = pgTable(
  'voucher_accounts',
  {
    gameAccountId: ref('game_account_id')
      .primaryKey()
      .references(() => gameAccounts.id),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('voucher_accounts_balance_check', sql`${t.balance} >= 0`)],
);

/** Append-only: every change of a voucher balance, with a unique reference so nothing is applied twice. */
export const voucherLedger = pgTable(
  'voucher_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameAccountId: ref('game_account_id')
      .notNull()
      .references(() => gameAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('voucher_ledger_reference_key').on(t.reference),
    index('voucher_ledger_account_idx').on(t.gameAccountId, t.id),
    index('voucher_ledger_order_idx').on(t.orderId),
    check('voucher_ledger_amount_check', sql`${t.amount} <> 0 AND ${t.balanceAfter} >= 0`),
  ],
);

/** Transactional outbox: background work written in the same transaction as the change that needs it. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} IS NULL AND ${t.failedAt} IS NULL`),
    /** An order's jobs (deliveries, reconciliation) on the console's order page and queues. */
    index('jobs_order_idx').on(sql`(${t.payload}->>'orderId')`),
    /** Retention: finished jobs by age. */
    index('jobs_done_idx').on(t.doneAt).where(sql`${t.doneAt} IS NOT NULL`),
  ],
);

/** Slide puzzles: one try each; a solved one carries a one-time bot-check token (stored hashed). */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: text('id').primaryKey(),
    /** Who asked for it: puzzles are limited per client IP. */
    ip: text('ip').notNull().default(''),
    pieceX: integer('piece_x').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true, mode: 'date' }),
    tokenUsedAt: timestamp('token_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('captcha_challenges_token_key').on(t.tokenHash),
    index('captcha_challenges_created_idx').on(t.createdAt),
    index('captcha_challenges_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Verification codes: HMAC of (target, purpose, code), single use, a few tries, short-lived. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** E.164 phone number ("+4915112345678") or lower-cased e-mail address. */
    target: text('target').notNull(),
    purpose: smallint('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_target_idx').on(t.target, t.purpose), index('verification_codes_expires_idx').on(t.expiresAt)],
);

/** One row per code sent: the per-target and per-IP limits count these rows. */
export const verificationSends = pgTable(
  'verification_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    target: text('target').notNull(),
    ip: text('ip').notNull(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_sends_target_idx').on(t.target, t.createdAt),
    index('verification_sends_ip_idx').on(t.ip, t.createdAt),
    index('verification_sends_created_idx').on(t.createdAt),
  ],
);

/** The daily SMS budget across all targets: one counter row per UTC day. */
export const smsDailyBudget = pgTable('sms_daily_budget', {
  day: text('day').primaryKey(),
  sent: integer('sent').notNull().default(0),
});

/** Failed logins: the per-account and per-IP limits count these rows (see ADR 0019, docs/adr/0019-rate-limits-and-lockout.md). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The normalised e-mail or E.164 number that was tried (whether or not an account has it). */
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.account, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
    index('login_failures_created_idx').on(t.createdAt),
  ],
);

/** One-time tickets proving the current phone/e-mail was verified before it is changed (stored hashed). */
export const changeTickets = pgTable(
  'change_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'mobile' | 'email'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('change_tickets_hash_key').on(t.tokenHash), index('change_tickets_expires_idx').on(t.expiresAt)],
);

/** Nonces of dynamic (one-time) login tokens already used: the primary key makes each token single use. */
export const dynamicTokenNonces = pgTable(
  'dynamic_token_nonces',
  {
    appId: integer('app_id').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.nonce] }), index('dynamic_token_nonces_expires_idx').on(t.expiresAt)],
);

/**
 * Voucher spends made by the games' servers, one per (game, transactionId): the game's idempotency key. The request's
 * hash tells a retry (same body: the first answer) from a reuse of the key (different body: refused).
 */
export const gameVoucherSpends = pgTable(
  'game_voucher_spends',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => games.appId),
    transactionId: text('transaction_id').notNull(),
    requestHash: text('request_hash').notNull(),
    gameAccountId: ref('game_account_id')
      .notNull()
      .references(() => gameAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    itemId: text('item_id').notNull(),
    itemName: text('item_name'),
    spendEntryId: ref('spend_entry_id')
      .notNull()
      .references(() => voucherLedger.id),
    reversalEntryId: bigint('reversal_entry_id', { mode: 'number' }).references(() => voucherLedger.id),
    reversalReason: text('reversal_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.transactionId] }),
    index('game_voucher_spends_account_idx').on(t.gameAccountId),
    /** The console's voucher ledger names the item of each spend and of its reversal. */
    index('game_voucher_spends_spend_entry_idx').on(t.spendEntryId),
    index('game_voucher_spends_reversal_entry_idx').on(t.reversalEntryId).where(sql`${t.reversalEntryId} IS NOT NULL`),
    check('game_voucher_spends_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Money sent back to the player, one per order (the providers refund in full here): started by an operator (pending until
 * the provider confirms) or reported by the provider itself. What happened to the order's vouchers is kept with it:
 * taken back from the balance, or already spent in the game and not recoverable.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    status: text('status').$type<'pending' | 'completed' | 'failed'>().notNull(),
    initiatedBy: text('initiated_by').$type<'operator' | 'provider'>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    reason: text('reason'),
    vouchersTakenBack: bigint('vouchers_taken_back', { mode: 'number' }).notNull().default(0),
    vouchersUnrecovered: bigint('vouchers_unrecovered', { mode: 'number' }).notNull().default(0),
    /** Goods of a shop order taken back at the game server: pending (job queued), revoked, or never delivered there. */
    gameRevokeStatus: text('game_revoke_status').$type<'pending' | 'revoked' | 'not-delivered'>(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('refunds_order_key').on(t.orderId),
    index('refunds_completed_idx').on(t.completedAt),
    /** The console's search by a provider's refund id. */
    index('refunds_provider_refund_idx').on(t.providerRefundId),
    /** The refunds report's day of a refund (its completion, else its start), newest first. */
    index('refunds_reported_idx').on(sql`(coalesce(${t.completedAt}, ${t.createdAt}))`, t.id),
    /** Reconciliation: refunds waiting for the provider's confirmation. */
    index('refunds_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
    check('refunds_status_check', sql`${t.status} IN ('pending', 'completed', 'failed')`),
    check('refunds_vouchers_check', sql`${t.vouchersTakenBack} >= 0 AND ${t.vouchersUnrecovered} >= 0`),
    check('refunds_game_revoke_status_check', sql`${t.gameRevokeStatus} IN ('pending', 'revoked', 'not-delivered')`),
  ],
);

/**
 * A provider session an unpaid order left when the player switched to another channel. The player may still pay it
 * (a tab kept open), so reconciliation keeps asking its provider as well.
 */
export const supersededPaymentSessions = pgTable(
  'superseded_payment_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    thirdOrderId: text('third_order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('superseded_payment_sessions_order_idx').on(t.orderId)],
);

/**
 * Money a provider took for an order that another payment had already paid (an earlier session paid after a channel
 * switch). Never credited or delivered; operators refund it through the provider (`/api/ops/v1/payments/duplicates`).
 * One row per provider payment (PayPal capture, Xsolla transaction, PayerMax trade).
 */
export const duplicatePayments = pgTable(
  'duplicate_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    paymentId: text('payment_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status').$type<DuplicatePaymentStatus>().notNull().default('open'),
    providerRefundId: text('provider_refund_id'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('duplicate_payments_payment_key').on(t.provider, t.paymentId),
    /** An order's second payments (the console's order page and its search by a provider's refund id). */
    index('duplicate_payments_order_idx').on(t.orderId, t.id),
    index('duplicate_payments_refund_idx').on(t.providerRefundId),
    /** The second-payments queue, oldest first: of one status, or all not refunded yet. */
    index('duplicate_payments_queue_idx').on(t.status, t.createdAt, t.id),
    index('duplicate_payments_unrefunded_idx').on(t.createdAt, t.id).where(sql`${t.status} <> 'refunded'`),
    index('duplicate_payments_status_idx').on(t.status),
    check('duplicate_payments_status_check', sql`${t.status} IN ('open', 'refund_pending', 'refunded', 'refund_failed')`),
  ],
);

/**
 * The orders reconciliation asks their providers about, and when (modules/payments/reconciliation.ts, ADR 0003, docs/adr/0003-reconciliation-at-scale.md). A row
 * is written by triggers when an order closes (4, 5, 7) with a payment session or leaves a session after a channel
 * switch, and by the sweep for unpaid and processing orders past their minimum age; it leaves when its look-back window
 * has passed or the order is no longer a candidate. `since` starts the window (the closure, the switch, the order's
 * creation); `next_ask_at` is null until the first ask.
 */
export const reconciliationSchedule = pgTable(
  'reconciliation_schedule',
  {
    orderId: ref('order_id')
      .primaryKey()
      .references(() => orders.id),
    since: timestamp('since', { withTimezone: true, mode: 'date' }).notNull(),
    asks: integer('asks').notNull().default(0),
    nextAskAt: timestamp('next_ask_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('reconciliation_schedule_since_idx').on(t.since),
    /** Candidates never asked yet: the sweep takes them first, newest first. */
    index('reconciliation_schedule_first_idx').on(t.since).where(sql`${t.asks} = 0`),
    /** Repeat asks, most overdue first. */
    index('reconciliation_schedule_next_idx').on(t.nextAskAt).where(sql`${t.asks} > 0`),
  ],
);

/**
 * One row per reconciliation sweep (interval bucket): inserting it claims the bucket, so however many instances sweep,
 * a bucket's asks are enqueued once. The refund cursors carry the rotation over pending refunds to the next sweep.
 */
export const reconciliationSweeps = pgTable('reconciliation_sweeps', {
  bucket: bigint('bucket', { mode: 'number' }).primaryKey(),
  sweptAt: timestamp('swept_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  ordersAsked: integer('orders_asked').notNull().default(0),
  refundCursor: bigint('refund_cursor', { mode: 'number' }),
  duplicateCursor: bigint('duplicate_cursor', { mode: 'number' }),
});

/** Page views and purchase events sent by the web client in production (the publisher's analytics). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** The optional third-party analytics id the client was configured with. */
    trackingId: text('tracking_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    clientTime: timestamp('client_time', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent'),
    /** The signed-in player and the game of a page view (null: anonymous, or an event from before they were recorded). */
    userId: ref('user_id'),
    appId: integer('app_id'),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_name_created_idx').on(t.name, t.createdAt), index('analytics_events_created_idx').on(t.createdAt)],
);

/**
 * The day the dashboard's days are cut in (REPORT_TIME_ZONE), one row; the triggers that fill the player activity
 * tables read it (migration 0022, docs/adr/0005-publisher-dashboard.md).
 */
export const reportSettings = pgTable(
  'report_settings',
  {
    id: boolean('id').primaryKey().default(true),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [check('report_settings_one_row_check', sql`${t.id}`)],
);

/** What a player did: 1 active, 2 opened the store, 3 ordered, 4 paid (free gifts are never 3 nor 4). */
export const PlayerActivityKind = { ACTIVE: 1, STORE: 2, ORDERED: 3, PAID: 4 } as const;

/**
 * Per game (0: any game), kind and player: the last day (in report_settings' zone) the player did it. Kept by the
 * triggers on orders and analytics_events.
 */
export const playerActivityLast = pgTable(
  'player_activity_last',
  {
    appId: integer('app_id').notNull(),
    kind: smallint('kind').notNull(),
    userId: ref('user_id').notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'player_activity_last_pk', columns: [t.appId, t.kind, t.userId] })],
);

/**
 * Players who did `kind` on `day` whose day before that was `previous_day` ('-infinity': never before): the distinct
 * players of days [a, b] are the sum over those days of the rows with previous_day < a.
 */
export const playerActivityDays = pgTable(
  'player_activity_days',
  {
    appId: integer('app_id').notNull(),
    kind: smallint('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    previousDay: date('previous_day', { mode: 'string' }).notNull(),
    players: integer('players').notNull(),
  },
  (t) => [primaryKey({ name: 'player_activity_days_pk', columns: [t.appId, t.kind, t.day, t.previousDay] })],
);

/**
 * Appended by the activity triggers, one row per player's first activity of a kind on a day (an insert never waits on
 * another order's transaction); folded into player_activity_days by the dashboard's recurring job.
 */
export const playerActivityDayDeltas = pgTable('player_activity_day_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  appId: integer('app_id').notNull(),
  kind: smallint('kind').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  previousDay: date('previous_day', { mode: 'string' }).notNull(),
});

/**
 * Request counters of the rate limits (`http/rate-limit`): one row per limit and key (client IP or player), a fixed
 * window, raised by one atomic upsert per request, so every instance counts together. Rows past their window are swept.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowEndsAt)],
);

/**
 * `Idempotency-Key` of order creation, per player: the request it was first used for and, once there is one, the first
 * answer (written in the order's own transaction). Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: ref('user_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the route and the parsed body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** The first answer's HTTP status and envelope; null while the first request is still in flight. */
    responseStatus: smallint('response_status'),
    responseBody: jsonb('response_body').$type<Record<string, unknown>>(),
    /** Random id of the request holding the claim: only it may record the answer (a late one after a takeover cannot). */
    claimId: text('claim_id').notNull(),
    /** An in-flight claim past this time was abandoned (its process died): the key may be claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_key_length_check', sql`length(${t.key}) BETWEEN 1 AND 255`),
  ],
);

export type OperatorRole = 'admin' | 'finance' | 'support';

/**
 * The publisher's console users, separate from players: e-mail + argon2id password + TOTP (RFC 6238). An invited operator
 * has no password or TOTP until they accept the invitation (`invite_token_hash`, one use, expires).
 */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<OperatorRole>().notNull(),
    passwordHash: text('password_hash'),
    /** Base32 TOTP secret; null until enrolment is finished. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is good once (a replayed or older code is refused). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true, mode: 'date' }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('operators_email_key').on(t.email),
    uniqueIndex('operators_invite_key').on(t.inviteTokenHash),
    check('operators_role_check', sql`${t.role} IN ('admin', 'finance', 'support')`),
  ],
);

/** One-time recovery codes of an operator's second factor (stored hashed). */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('operator_recovery_codes_hash_key').on(t.codeHash), index('operator_recovery_codes_operator_idx').on(t.operatorId)],
);

/** Console sessions: the cookie carries a random token, stored here hashed; ended by logout, inactivity or age. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId), index('operator_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Every change an operator (or a machine with the ops token, or the console command) made: who, when, what, before and
 * after. Append-only: a trigger refuses UPDATE and DELETE (migration 0011).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id').references(() => operators.id),
    /** Who, as shown: the operator's e-mail, 'ops-token' or 'console-command'. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_operator_idx').on(t.operatorId, t.createdAt),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Images operators upload (product thumbnails, pay channel icons), kept in the database so every instance serves the
 * same files; named by the SHA-256 of their bytes (the same file uploaded twice is stored once), served at /media/<id>.
 */
export const mediaFiles = pgTable('media_files', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

/**
 * The sales report's rollups (migration 0019, docs/adr/0001-sales-rollups.md). Triggers on orders, order_items, refunds
 * and the voucher ledger's purchase entries append signed deltas (raw timestamps) in the transaction that moves the
 * money; the recurring fold (modules/console/reports/sales-rollups.ts) moves them into the per-day rollups below. Country
 * and provider '' stand for none.
 */
export const salesRollupDeltas = pgTable('sales_rollup_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Null: a row of the order-level rollup; else of the product rollup. */
  productId: integer('product_id'),
  /** The order's payment: the day of the sale, and of a refund on the `ordered` basis. */
  soldAt: timestamp('sold_at', { withTimezone: true, mode: 'date' }),
  /** The refund's completion: the day of a refund on the `refunded` basis (refund rows only). */
  refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
  appId: integer('app_id').notNull(),
  country: text('country').notNull(),
  source: text('source').notNull(),
  provider: text('provider').notNull(),
  currency: text('currency').notNull(),
  orders: integer('orders').notNull(),
  freeOrders: integer('free_orders').notNull(),
  gross: bigint('gross', { mode: 'number' }).notNull(),
  vouchers: bigint('vouchers', { mode: 'number' }).notNull(),
  quantity: bigint('quantity', { mode: 'number' }).notNull(),
  refundCount: integer('refund_count').notNull(),
  refunds: bigint('refunds', { mode: 'number' }).notNull(),
  /** gross and refunds in the base currency (USD cents) at each order's frozen rate (migration 0026). */
  baseGross: bigint('base_gross', { mode: 'number' }).notNull(),
  baseRefunds: bigint('base_refunds', { mode: 'number' }).notNull(),
});

const rollupFigures = () => ({
  orders: bigint('orders', { mode: 'number' }).notNull(),
  freeOrders: bigint('free_orders', { mode: 'number' }).notNull(),
  gross: bigint('gross', { mode: 'number' }).notNull(),
  vouchers: bigint('vouchers', { mode: 'number' }).notNull(),
  /** Completed refunds dated by their completion (refund basis `refunded`). */
  refundsCompletedCount: bigint('refunds_completed_count', { mode: 'number' }).notNull(),
  refundsCompleted: bigint('refunds_completed', { mode: 'number' }).notNull(),
  /** Completed refunds dated by the order's payment (refund basis `ordered`). */
  refundsPaidCount: bigint('refunds_paid_count', { mode: 'number' }).notNull(),
  refundsPaid: bigint('refunds_paid', { mode: 'number' }).notNull(),
  /** gross and both refund sums in the base currency (USD cents) at each order's frozen rate (migration 0026). */
  baseGross: bigint('base_gross', { mode: 'number' }).notNull(),
  baseRefundsCompleted: bigint('base_refunds_completed', { mode: 'number' }).notNull(),
  baseRefundsPaid: bigint('base_refunds_paid', { mode: 'number' }).notNull(),
});

/** Per local day (sales_rollup_state.time_zone), game, country, source, provider and currency. */
export const salesRollup = pgTable(
  'sales_rollup',
  {
    day: date('day', { mode: 'string' }).notNull(),
    appId: integer('app_id').notNull(),
    country: text('country').notNull(),
    source: text('source').notNull(),
    provider: text('provider').notNull(),
    currency: text('currency').notNull(),
    ...rollupFigures(),
  },
  (t) => [primaryKey({ name: 'sales_rollup_pk', columns: [t.day, t.appId, t.country, t.source, t.provider, t.currency] })],
);

/** The same per product of the order lines (gross and vouchers of the lines, units sold). */
export const salesProductRollup = pgTable(
  'sales_product_rollup',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    appId: integer('app_id').notNull(),
    country: text('country').notNull(),
    source: text('source').notNull(),
    provider: text('provider').notNull(),
    currency: text('currency').notNull(),
    ...rollupFigures(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'sales_product_rollup_pk', columns: [t.day, t.productId, t.appId, t.country, t.source, t.provider, t.currency] })],
);

/**
 * The same two rollups per month (migration 0024, docs/adr/0048-monthly-sales-rollups.md): `month` is the first day of a
 * local month. A report reads its whole months here and its edge days from the daily rollups.
 */
export const salesRollupMonthly = pgTable(
  'sales_rollup_monthly',
  {
    month: date('month', { mode: 'string' }).notNull(),
    appId: integer('app_id').notNull(),
    country: text('country').notNull(),
    source: text('source').notNull(),
    provider: text('provider').notNull(),
    currency: text('currency').notNull(),
    ...rollupFigures(),
  },
  (t) => [
    primaryKey({ name: 'sales_rollup_monthly_pk', columns: [t.month, t.appId, t.country, t.source, t.provider, t.currency] }),
    check('sales_rollup_monthly_first_day', sql`extract(day FROM ${t.month}) = 1`),
  ],
);

export const salesProductRollupMonthly = pgTable(
  'sales_product_rollup_monthly',
  {
    month: date('month', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    appId: integer('app_id').notNull(),
    country: text('country').notNull(),
    source: text('source').notNull(),
    provider: text('provider').notNull(),
    currency: text('currency').notNull(),
    ...rollupFigures(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'sales_product_rollup_monthly_pk', columns: [t.month, t.productId, t.appId, t.country, t.source, t.provider, t.currency] }),
    check('sales_product_rollup_monthly_first_day', sql`extract(day FROM ${t.month}) = 1`),
  ],
);

/** One row: the time zone the rollups' days are in (a different REPORT_TIME_ZONE rebuilds them). */
export const salesRollupState = pgTable(
  'sales_rollup_state',
  {
    id: boolean('id').primaryKey().default(true),
    timeZone: text('time_zone').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('sales_rollup_state_one_row', sql`${t.id}`)],
);
