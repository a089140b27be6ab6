import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { Language } from '@shop/contract/languages';
import { OrderStatus, type ThirdChannelNameValue } from '@shop/contract/orders.schema';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { orders, type LocalizedText } from '../../db/schema.ts';
import { conflict, invalid, notFound, type DomainError } from '../../shared/domain-errors.ts';
import { pickLocalized } from '../../shared/localized.ts';
import { minorToMajorNumber } from '../../shared/money.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { onSaleNow } from '../catalog/catalog.service.ts';
import { reportOrderCreated } from './order-events.ts';
import { newOrderSn } from './order-number.ts';
import { orderRowOf, type OrderProcess, type OrderRow } from './order-state-machine.ts';
import type { PaymentOpener } from './ports.ts';
import { firstRow, typed, type Numeric } from '../../db/statement.ts';
import { DEFAULT_MAX_ATTEMPTS, enqueueJobs } from '../../jobs/outbox.ts';
import { localProviderAllowed } from '../pricing/country-pricing.service.ts';
import { chargeOrder, type ChargedOrder, type CountryTerms, type LocalPoint } from '../pricing/charged-price.ts';

/** The outbox job that closes an unpaid order (0 -> 4) at its `expires_at`. */
export const EXPIRE_ORDER_JOB = 'order.expire';
/** How many overdue orders of a player at the cap are closed at once (the expiry job closes the rest in its time). */
const OVERDUE_BATCH = 20;

/** A product as an order is priced from: a fresh read of the catalogue inside the order's first statement. */
export interface PricedProduct {
  id: number;
  appId: number;
  goodsType: number;
  categoryId: number;
  productSn: string;
  names: LocalizedText;
  /** products.version: what the order's line records as sold. */
  version: number;
  currency: string;
  priceMinor: number;
  discountPriceMinor: number;
  voucherAmount: number;
  claimLimit: number | null;
  /** The product's price point in the order's country (ADR 0050), null when it has none: it sells at the base price. */
  local: LocalPoint | null;
}

/** The payment channel the player picked, as the channel list offered it. */
export interface OrderChannel {
  id: number;
  payMethodName: string;
  payMethodId: string;
  thirdChannelName: string;
}

/** Whose order it is for: a role the player bound (by its id, or by the game's role id), or one already resolved. */
export type OrderRole = { gameAccountId: number } | { appId: number; roleId: string } | { resolved: { id: number; appId: number } };

/** What each kind of order (voucher pack, shop cart, free gift) asks of the flow. */
export interface OrderKind {
  source: 'voucher' | 'shop' | 'gift';
  /** Why a product cannot be in this kind of order, or undefined when it can. */
  refuse(product: PricedProduct): DomainError | undefined;
  /** The refusal when the player has not bound the role. */
  roleMissing: () => DomainError;
  /** The refusal when the role is of another game than the order. */
  roleOfAnotherGame: MessageKey;
}

export interface OrderToPlace {
  kind: OrderKind;
  userId: number;
  appId: number;
  role: OrderRole;
  lines: { productId: number; quantity: number }[];
  /** The channel to pay with; a free order has none. */
  channel?: OrderChannel;
  regionCode?: string;
  selectedRegionCode?: string;
  /** The country whose prices the order is sold at (ADR 0050): the region picked on the voucher page, the account's on the shop. */
  country: string;
  /** The unit price and currency the client showed for a single product: when sent they must still be ours. */
  shown?: { unitPrice?: number; currency?: string };
  language: Language;
  /** Records the Idempotency-Key's answer with the order, in its transaction (the answer is the caller's to shape). */
  recordAnswer?: (tx: Tx, order: OrderRow) => Promise<void>;
  /** More writes of the order's transaction (a gift's claim), after the order row exists. */
  alsoInTransaction?: (tx: Tx, order: OrderRow, products: PricedProduct[]) => Promise<void>;
}

export interface PlacementConfig {
  orderExpiryMs: number;
  unpaidOrdersPerPlayer: number;
}

/**
 * The one way an order is made (voucher packs, shop carts, free gifts), in as few statements as the rules allow:
 * 1. one read: the player's bound role, their open unpaid orders, the order id, and the products priced fresh from the
 *    catalogue (never a cached price);
 * 2. the checks (each refusal writes nothing), then the payment opened at the provider under the order's number: no
 *    database lock waits on a provider, and a payment opened for an order that then is not written cannot be reached;
 * 3. one statement that takes a place under the player's unpaid-order cap (users.open_orders, raised only while below
 *    the cap: the row lock makes parallel orders of one player queue there, so the cap holds exactly) and writes the
 *    order, its items and its expiry job. A single statement is atomic on its own: no transaction, no lock held across
 *    round trips. With an Idempotency-Key its answer is recorded in a transaction with that statement.
 * A free order (gift) takes no place and has no payment; it moves straight to paid through the state machine, in one
 * transaction with its other writes (the claim).
 */
export class OrderPlacement {
  constructor(
    private readonly db: Db,
    private readonly config: PlacementConfig,
    private readonly payments: PaymentOpener,
    private readonly process: OrderProcess,
  ) {}

  async place(input: OrderToPlace): Promise<{ order: OrderRow; result: CreateOrderResult }> {
    const paid = Boolean(input.channel);
    const cap = this.config.unpaidOrdersPerPlayer;
    const read = await readForPlacement(this.db, input);
    if (!read.role) throw input.kind.roleMissing();
    if (read.role.appId !== input.appId) throw invalid(input.kind.roleOfAnotherGame);
    const lines = matchLines(input, read.products);
    const charged = chargeOrder(
      lines.map(({ product, quantity }) => ({ base: product, local: product.local, quantity })),
      read.country,
      { paid, localAllowed: Boolean(input.channel && read.country && this.chargesLocal(read.country, input.channel.thirdChannelName, lines)) },
    );
    checkShownPrice(input.shown, charged);
    if (paid && read.openOrders >= cap && !(await this.closeOverdueOrders(input.userId))) throw conflict('tooManyUnpaidOrders', { count: cap });

    const currency = charged.currency;
    const payAmountMinor = charged.payMinor;
    const orderSn = newOrderSn();
    const regionCode = input.regionCode ?? null;
    const selectedRegionCode = input.selectedRegionCode ?? regionCode;
    const payment = input.channel
      ? await this.payments.open(
          { orderId: read.orderId, orderSn, userId: input.userId, provider: input.channel.thirdChannelName, currency, amountMinor: payAmountMinor },
          {
            language: input.language,
            description: describe(lines, input.language),
            from: input.kind.source === 'voucher' ? 'voucher' : 'shop',
            country: selectedRegionCode ?? 'US',
          },
        )
      : undefined;
    const write = insertOrderStatement({
      id: read.orderId,
      orderSn,
      userId: input.userId,
      appId: input.appId,
      gameAccountId: read.role.id,
      source: input.kind.source,
      charged,
      country: input.country,
      regionCode,
      selectedRegionCode,
      channel: input.channel,
      clientAnswer: payment?.clientAnswer ?? null,
      sessionId: payment?.sessionId ?? null,
      expirySeconds: paid ? this.config.orderExpiryMs / 1000 : null,
      unpaidCap: paid ? cap : null,
      language: input.language,
      lines: lines.map(({ product, quantity }, index) => itemOf(product, quantity, charged.currency, charged.lines[index]!, input.language)),
    });
    const written = (executor: Executor) => this.writeOrder(executor, write, cap);

    if (paid && !input.recordAnswer) {
      const order = await written(this.db);
      return { order, result: createOrderResult(order, order.thirdPayResponse ?? '') };
    }
    const order = await this.db.transaction(async (tx) => {
      let created = await written(tx);
      await input.alsoInTransaction?.(tx, created, lines.map((line) => line.product));
      if (!paid) created = (await this.process.transition(tx, created, 'giftClaimed', { paidAt: new Date() }))!.order;
      await input.recordAnswer?.(tx, created);
      return created;
    });
    return { order, result: createOrderResult(order, order.thirdPayResponse ?? '') };
  }

  /**
   * Whether the channel's provider charges the country's local prices: it can charge the points' currency
   * (PaymentProvider.chargeableCurrencies) and the operators have not limited the country to other providers.
   */
  private chargesLocal(country: PlacementCountry, provider: string, lines: { product: PricedProduct }[]): boolean {
    const currency = lines[0]?.product.local?.currency;
    if (!currency) return false;
    return localProviderAllowed(country.localProviders, provider) && this.payments.charges(provider, currency);
  }

  /** Runs the order's write; nothing written means the player's cap was reached meanwhile (the gate is in the statement). */
  private async writeOrder(executor: Executor, statement: SQL, cap: number): Promise<OrderRow> {
    const row = await firstRow(executor, typed<Record<string, unknown>>(statement));
    if (!row) throw conflict('tooManyUnpaidOrders', { count: cap });
    const created = orderRowOf(row);
    reportOrderCreated(executor, created);
    return created;
  }

  /**
   * A player at the cap may hold orders past their expiry that the expiry job has not closed yet: they no longer count,
   * so they are closed now (as the job would: 0 -> 4 through the state machine, which frees their places). Whether any was.
   */
  private async closeOverdueOrders(userId: number): Promise<boolean> {
    const overdue = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.AWAITING_PAYMENT), lte(orders.expiresAt, sql`now()`)))
      .limit(OVERDUE_BATCH);
    let closed = 0;
    for (const { id } of overdue) if (await this.db.transaction((tx) => this.process.transition(tx, id, 'expired'))) closed++;
    return closed > 0;
  }
}

/** The create-order answer of spec section 3 (voucher and shop orders alike). */
export function createOrderResult(order: OrderRow, thirdPayResponse: string): CreateOrderResult {
  return {
    thirdChannelName: order.thirdChannelName as ThirdChannelNameValue,
    thirdPayResponse,
    ptOrderId: order.orderSn,
    orderId: order.id,
    orderSn: order.orderSn,
    totalAmount: minorToMajorNumber(order.payAmountMinor, order.currency),
    currency: order.currency,
  };
}

/** What the provider shows: the item names in the player's language, with their quantities (at most 250 characters). */
function describe(lines: { product: PricedProduct; quantity: number }[], language: Language): string {
  return describeLines(lines.map((line) => ({ name: pickLocalized(line.product.names, language), quantity: line.quantity })));
}

/** The provider's description of an order's lines: one item by its name, else each name with its quantity. */
export function describeLines(lines: { name: string; quantity: number }[]): string {
  if (lines.length === 1 && lines[0]!.quantity === 1) return lines[0]!.name;
  return lines
    .map((line) => `${line.name} x${line.quantity}`)
    .join(', ')
    .slice(0, 250);
}

/** Matches the requested lines to the products read, in the order asked, with the rules of the kind and of every order. */
function matchLines(input: OrderToPlace, products: PricedProduct[]): { product: PricedProduct; quantity: number }[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  const lines = input.lines.map((line) => {
    const product = byId.get(line.productId);
    if (!product) throw notFound('productNotFound');
    const refusal = input.kind.refuse(product);
    if (refusal) throw refusal;
    if (product.appId !== input.appId) throw invalid('productOfAnotherGame');
    return { product, quantity: line.quantity };
  });
  if (!lines.length) throw notFound('productNotFound');
  const currency = lines[0]!.product.currency;
  if (lines.some((line) => line.product.currency !== currency)) throw invalid('mixedCurrencies');
  return lines;
}

/**
 * The price a player saw is the price charged (ADR 0052): when the client sends the unit price and currency it showed,
 * they must be what the order is charged, else nothing is written and the player is told the price changed.
 */
function checkShownPrice(shown: OrderToPlace['shown'], charged: ChargedOrder): void {
  if (!shown) return;
  const unit = charged.lines[0]?.discountPriceMinor ?? 0;
  if (shown.unitPrice !== undefined && shown.unitPrice !== minorToMajorNumber(unit, charged.currency)) throw conflict('productChanged');
  if (shown.currency !== undefined && shown.currency !== charged.currency) throw conflict('productChanged');
}

interface PlacementRead {
  role: { id: number; appId: number } | null;
  openOrders: number;
  orderId: number;
  products: PricedProduct[];
  /** The order's country as pricing sees it; null when the country has no pricing row (it sells at base prices). */
  country: PlacementCountry | null;
}

/** The order's country (country_pricing): its tax, and the providers the operators let charge its local prices. */
export interface PlacementCountry extends CountryTerms {
  localProviders: string[] | null;
}

/** The read's one row; node-postgres returns the json columns parsed, PGlite may return them as text. */
interface PlacementReadRow {
  role: PlacementRead['role'] | string | null;
  open_orders: Numeric;
  order_id: Numeric;
  products: PricedProduct[] | string;
  country: PlacementCountry | string | null;
}

/** The order's one read (step 1 of OrderPlacement). */
export async function readForPlacement(executor: Executor, input: Pick<OrderToPlace, 'userId' | 'role' | 'lines' | 'country'>): Promise<PlacementRead> {
  const row = (await firstRow(executor, typed<PlacementReadRow>(readStatement(input))))!;
  const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return {
    role: row.role === null ? null : json(row.role),
    openOrders: Number(row.open_orders),
    orderId: Number(row.order_id),
    products: json(row.products),
    country: row.country === null ? null : json(row.country),
  };
}

/** Step 1's statement: role, open unpaid orders, a new order id, the products on sale now with their price points in the country, and the country. */
export function readStatement(input: Pick<OrderToPlace, 'userId' | 'role' | 'lines' | 'country'>): SQL {
  const ids = sql.join(
    input.lines.map((line) => sql`${line.productId}`),
    sql`, `,
  );
  return sql`
    SELECT ${roleQuery(input.userId, input.role)} AS role,
           (SELECT open_orders FROM users WHERE id = ${input.userId}) AS open_orders,
           nextval(pg_get_serial_sequence('orders', 'id')) AS order_id,
           (SELECT coalesce(json_agg(json_build_object(
              'id', id, 'appId', app_id, 'goodsType', goods_type, 'categoryId', category_id, 'productSn', product_sn,
              'names', names, 'version', version, 'currency', currency, 'priceMinor', price_minor,
              'discountPriceMinor', discount_price_minor, 'voucherAmount', voucher_amount, 'claimLimit', claim_limit,
              'local', (SELECT json_build_object('currency', pp.currency, 'priceMinor', pp.price_minor,
                                'discountPriceMinor', pp.discount_price_minor, 'taxIncluded', pp.tax_included,
                                'taxRateBp', pp.tax_rate_bp, 'rate', pp.rate::text,
                                'perUsd', (SELECT er.per_usd::text FROM exchange_rates er WHERE er.currency = pp.currency))
                          FROM product_prices pp WHERE pp.product_id = products.id AND pp.region_code = ${input.country}))), '[]')
              FROM products WHERE id IN (${ids}) AND ${onSaleNow()}) AS products,
           (SELECT json_build_object('taxModel', tax_model, 'taxRateBp', tax_rate_bp, 'localProviders', local_providers)
              FROM country_pricing WHERE region_code = ${input.country}) AS country`;
}

function roleQuery(userId: number, role: OrderRole): SQL {
  if ('resolved' in role) return sql`json_build_object('id', ${role.resolved.id}::int8, 'appId', ${role.resolved.appId}::int4)`;
  const which =
    'gameAccountId' in role ? sql`ga.id = ${role.gameAccountId}` : sql`ga.app_id = ${role.appId} AND ga.role_id = ${role.roleId}`;
  return sql`(SELECT json_build_object('id', ga.id, 'appId', ga.app_id)
                FROM player_roles pr JOIN game_accounts ga ON ga.id = pr.game_account_id
               WHERE pr.user_id = ${userId} AND ${which} LIMIT 1)`;
}

/**
 * An order item as the write statement takes it: the product as priced now (a free order's items cost nothing), its
 * version, and its name in the order's language only (ADR 0006, docs/adr/0006-order-lines-storage.md).
 */
export function itemOf(
  product: PricedProduct,
  quantity: number,
  currency: string,
  price: { priceMinor: number; discountPriceMinor: number },
  language: Language,
): Record<string, unknown> {
  return {
    product_id: product.id,
    name: pickLocalized(product.names, language),
    product_version: product.version,
    category_id: product.categoryId,
    goods_type: product.goodsType,
    quantity,
    currency,
    price_minor: price.discountPriceMinor,
    original_price_minor: price.priceMinor,
    voucher_amount: product.voucherAmount,
  };
}

interface OrderToWrite {
  id: number;
  orderSn: string;
  userId: number;
  appId: number;
  gameAccountId: number;
  source: OrderKind['source'];
  /** What it is charged and what that freezes (ADR 0050). */
  charged: ChargedOrder;
  country: string;
  regionCode: string | null;
  selectedRegionCode: string | null;
  /** The player's language: the lines' names are in it. */
  language: Language;
  channel: OrderChannel | undefined;
  clientAnswer: string | null;
  sessionId: string | null;
  /** Unpaid orders close after this; free orders never expire. */
  expirySeconds: number | null;
  /** Write only while the player holds fewer unpaid orders than this, taking one more place (free orders take none). */
  unpaidCap: number | null;
  lines: Record<string, unknown>[];
}

/**
 * Step 3's statement: a place under the player's cap (a conditional update of their row: under concurrency PostgreSQL
 * re-checks the condition on the row as the previous order left it), the order, its items and its expiry job, returning
 * the order; nothing when the cap is reached.
 */
export function insertOrderStatement(order: OrderToWrite): SQL {
  const channel = order.channel;
  const charged = order.charged;
  const gate =
    order.unpaidCap === null
      ? sql`gate AS (SELECT 1)`
      : sql`gate AS (UPDATE users SET open_orders = open_orders + 1 WHERE id = ${order.userId} AND open_orders < ${order.unpaidCap} RETURNING id)`;
  return sql`
    WITH ${gate},
    placed AS (
      INSERT INTO orders (id, order_sn, user_id, app_id, game_account_id, order_source, currency, total_amount_minor,
                          pay_amount_minor, region_code, selected_region_code, pay_channel_id, pay_method_name, pay_method_id,
                          third_channel_name, third_order_id, third_pay_response, language, expires_at, country_code,
                          base_currency, base_total_minor, base_pay_minor, exchange_rate, tax_model, tax_rate_bp, tax_minor)
      SELECT ${order.id}, ${order.orderSn}, ${order.userId}, ${order.appId}, ${order.gameAccountId}, ${order.source}, ${charged.currency},
             ${charged.totalMinor}, ${charged.payMinor}, ${order.regionCode}, ${order.selectedRegionCode},
             ${channel?.id ?? null}::int4, ${channel?.payMethodName ?? null}, ${channel?.payMethodId ?? null}, ${channel?.thirdChannelName ?? null},
             ${order.sessionId}, ${order.clientAnswer}, ${order.language},
             ${order.expirySeconds === null ? sql`NULL::timestamptz` : sql`now() + make_interval(secs => ${order.expirySeconds})`},
             ${order.country}, ${charged.baseCurrency}, ${charged.baseTotalMinor}, ${charged.basePayMinor}, ${charged.exchangeRate}::numeric,
             ${charged.taxModel}, ${charged.taxRateBp}, ${charged.taxMinor}
        FROM gate
      RETURNING *),
    items AS (
      INSERT INTO order_items (order_id, product_id, name, product_version, category_id, goods_type, quantity, currency, price_minor,
                               original_price_minor, voucher_amount)
      SELECT placed.id, line.product_id, line.name, line.product_version, line.category_id, line.goods_type, line.quantity,
             line.currency, line.price_minor, line.original_price_minor, line.voucher_amount
        FROM placed, jsonb_to_recordset(${JSON.stringify(order.lines)}::jsonb) AS line(
             product_id int4, name text, product_version int4, category_id int4, goods_type int2, quantity int4,
             currency char(3), price_minor int4, original_price_minor int4, voucher_amount int4)),
    expiry AS (${enqueueJobs(
      {
        kind: EXPIRE_ORDER_JOB,
        payload: sql`jsonb_build_object('orderId', placed.id)`,
        dedupeKey: sql`'expire:' || placed.id`,
        runAt: sql`placed.expires_at`,
        maxAttempts: DEFAULT_MAX_ATTEMPTS,
      },
      sql`placed WHERE placed.expires_at IS NOT NULL`,
    )})
    SELECT * FROM placed`;
}
