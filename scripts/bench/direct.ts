// The bench's "straight to the database" figures: the very statements the shop sends for one order, one voucher spend
// and one webhook settlement, built by the shop's own statement builders and sent on a plain driver connection (no
// HTTP, no Fastify, no Drizzle query building), so each API figure can be read as a share of what the database itself
// allows for the same work.
import { createHash } from 'node:crypto';
import { pricingCountryOf } from '@shop/contract/pricing';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { creditedVouchersStatement } from '../../apps/server/src/modules/fulfilment/fulfilment.ts';
import { spendStatement } from '../../apps/server/src/modules/game-api/game-vouchers.service.ts';
import { newOrderSn } from '../../apps/server/src/modules/orders/order-number.ts';
import { insertOrderStatement, itemOf, readStatement, type PlacementCountry, type PricedProduct } from '../../apps/server/src/modules/orders/order-placement.ts';
import { chargeOrder } from '../../apps/server/src/modules/pricing/charged-price.ts';
import { moveStatement } from '../../apps/server/src/modules/orders/order-state-machine.ts';
import { lockOrderWithEventStatement } from '../../apps/server/src/modules/payments/settlement.ts';
import { appendStatement, lockAccountStatement } from '../../apps/server/src/modules/vouchers/ledger.ts';
import { withTimeout } from './cleanup.ts';

type Rows = { rows: Record<string, unknown>[] };
export type Query = (text: string, params: unknown[]) => Promise<Rows>;

/** A connection to run statements on, alone or in a transaction (as the shop's driver does). */
export interface DirectDb {
  query: Query;
  transaction<T>(run: (query: Query) => Promise<T>): Promise<T>;
}

const dialect = new PgDialect();
/** Sends one of the shop's statements (a Drizzle `sql` template) as text and parameters. */
export const send = (query: Query, statement: SQL) => {
  const { sql, params } = dialect.sqlToQuery(statement);
  return query(sql, params);
};

/** PGlite, as drizzle's PGlite driver uses it (client.query; client.transaction for transactions). */
export function pgliteDb(client: PGlite): DirectDb {
  return {
    query: (text, params) => client.query<Record<string, unknown>>(text, params),
    transaction: (run) => client.transaction((tx) => run((text, params) => tx.query<Record<string, unknown>>(text, params))),
  };
}

/** PostgreSQL, as drizzle's node-postgres driver uses it (pool.query; a pooled client with BEGIN/COMMIT). */
export function pgDb(pool: pg.Pool): DirectDb {
  return {
    query: (text, params) => pool.query(text, params),
    transaction: async (run) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        try {
          const result = await run((text, params) => client.query(text, params));
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback');
          throw error;
        }
      } finally {
        client.release();
      }
    },
  };
}

export interface DirectPlayer {
  userId: number;
  gameAccountId: number;
  roleId: string;
}

export interface DirectFixture {
  appId: number;
  region: string;
  /** The voucher pack the orders buy, and the channel they pay with (as the API bench picked them). */
  productId: number;
  channel: { id: number; payMethodName: string; payMethodId: string; thirdChannelName: string };
  players: DirectPlayer[];
  unpaidCap: number;
}

/** Players with a launched role each (and a voucher account holding `vouchers`), written straight to the database. */
export async function createPlayers(db: DirectDb, options: { appId: number; count: number; prefix: string; vouchers: number }): Promise<DirectPlayer[]> {
  const players: DirectPlayer[] = [];
  for (let i = 0; i < options.count; i++) {
    const roleId = `${options.prefix}-${i}`;
    const [user] = (await db.query('insert into users (id) values (default) returning id', [])).rows;
    const [account] = (
      await db.query(
        `insert into game_accounts (owner_user_id, app_id, account_id, server_id, role_id, role_name, user_level)
         values ($1, $2, $3, '10001', $3, $3, 1) returning id`,
        [user!['id'], options.appId, roleId],
      )
    ).rows;
    await db.query('insert into player_roles (user_id, game_account_id, is_default) values ($1, $2, true)', [user!['id'], account!['id']]);
    if (options.vouchers > 0) await db.query('insert into voucher_accounts (game_account_id, balance) values ($1, $2)', [account!['id'], options.vouchers]);
    players.push({ userId: Number(user!['id']), gameAccountId: Number(account!['id']), roleId });
  }
  return players;
}

/** The channel the API bench paid with, read from the catalogue. */
export async function channelOf(db: DirectDb, appId: number, region: string, pick: { payMethodId: string; thirdChannelId: string }) {
  const [row] = (
    await db.query('select id, pay_method_name, pay_method_id, third_channel_name from pay_channels where app_id = $1 and region_code = $2 and pay_method_id = $3 and third_channel_id = $4', [
      appId,
      region,
      pick.payMethodId,
      pick.thirdChannelId,
    ])
  ).rows;
  if (!row) throw new Error(`no channel ${pick.payMethodId}/${pick.thirdChannelId} for app ${appId} in ${region}`);
  return { id: Number(row['id']), payMethodName: String(row['pay_method_name']), payMethodId: String(row['pay_method_id']), thirdChannelName: String(row['third_channel_name']) };
}

/** What a provider's answer stored with the order looks like (an Xsolla token's size). */
const CLIENT_ANSWER = JSON.stringify({ token: 'x'.repeat(32) });

/** One voucher order, as OrderPlacement sends it: the read, then the one statement that writes it. */
export async function placeOrder(db: DirectDb, fixture: DirectFixture, player: DirectPlayer): Promise<{ orderId: number; orderSn: string; payMinor: number; currency: string }> {
  const country = pricingCountryOf(fixture.region);
  const input = { userId: player.userId, role: { appId: fixture.appId, roleId: player.roleId }, lines: [{ productId: fixture.productId, quantity: 1 }], country };
  const [read] = (await send(db.query, readStatement(input))).rows;
  const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
  const role = json<{ id: number }>(read!['role']);
  const product = json<PricedProduct[]>(read!['products'])[0]!;
  const terms = json<PlacementCountry | null>(read!['country']);
  // As placement prices it (ADR 0050): the bench's channel (Xsolla) charges the region's currency when it has a point.
  const charged = chargeOrder([{ base: product, local: product.local, quantity: 1 }], terms, { paid: true, localAllowed: product.local !== null });
  const orderSn = newOrderSn();
  const [written] = (
    await send(
      db.query,
      insertOrderStatement({
        id: Number(read!['order_id']),
        orderSn,
        userId: player.userId,
        appId: fixture.appId,
        gameAccountId: role.id,
        source: 'voucher',
        charged,
        country,
        regionCode: fixture.region,
        selectedRegionCode: fixture.region,
        channel: fixture.channel,
        clientAnswer: CLIENT_ANSWER,
        sessionId: null,
        expirySeconds: 1800,
        unpaidCap: fixture.unpaidCap,
        language: 'en',
        lines: [itemOf(product, 1, charged.currency, charged.lines[0]!, 'en')],
      }),
    )
  ).rows;
  if (!written) throw new Error(`direct order of player ${player.userId} not written (unpaid-order cap)`);
  return { orderId: Number(read!['order_id']), orderSn, payMinor: charged.payMinor, currency: charged.currency };
}

/** One game spend, as GameVouchersService sends it: one statement in its own transaction. */
export async function spendOnce(db: DirectDb, appId: number, player: DirectPlayer, transactionId: string): Promise<void> {
  const body = { serverId: '10001', roleId: player.roleId, transactionId, amount: 1, itemId: 'bench-item', itemName: 'Bench item' };
  const hash = createHash('sha256').update(JSON.stringify([body.serverId, body.roleId, body.amount, body.itemId, body.itemName])).digest('hex');
  const { rows } = await db.transaction((query) => send(query, spendStatement(appId, body, hash)));
  if (!rows.length) throw new Error(`direct spend ${transactionId}: nothing spent`);
}

/**
 * One PayerMax PAYMENT SUCCESS of a voucher order, as SettlementService, the order process and the fulfilment send it:
 * the order locked with the event recorded, paid, its vouchers credited through the ledger, complete; one transaction.
 */
export async function settleOnce(db: DirectDb, order: { orderId: number; orderSn: string; payMinor: number; currency: string; gameAccountId: number }, payload: unknown): Promise<void> {
  await db.transaction(async (query) => {
    const fact = { order: { orderSn: order.orderSn }, eventKey: `payment:${order.orderSn}:SUCCESS`, eventType: 'payment.SUCCESS', payload };
    const [locked] = (await send(query, lockOrderWithEventStatement('payermax', fact, { paymentId: `T${order.orderSn}` }))).rows;
    if (!locked || locked['recorded_event'] === null) throw new Error(`direct settle ${order.orderSn}: not locked or already recorded`);
    const [paid] = (
      await send(query, moveStatement({ id: order.orderId, status: 0 }, 'paymentConfirmed', { paidAt: new Date(), thirdChannelName: 'payermax', providerPaymentId: `T${order.orderSn}`, thirdOrderId: `T${order.orderSn}` }))
    ).rows;
    if (!paid) throw new Error(`direct settle ${order.orderSn}: not moved to paid`);
    const [credited] = (await send(query, creditedVouchersStatement(order.orderId))).rows;
    const vouchers = Number(credited!['vouchers']);
    await send(query, lockAccountStatement(order.gameAccountId));
    await send(query, appendStatement({ gameAccountId: order.gameAccountId, amount: vouchers, kind: 'purchase', reference: `order:${order.orderSn}`, orderId: order.orderId }));
    await send(query, moveStatement({ id: order.orderId, status: 2 }, 'delivered'));
  });
}

export interface LoopResult {
  tps: number;
  count: number;
  errors: number;
  firstError?: string;
}

/**
 * Runs `task(i)` from `concurrency` loops for `seconds` (after a warm-up), or over `items` tasks until they run out, and
 * counts the completed ones.
 */
export async function tightLoop(task: (i: number) => Promise<void>, options: { concurrency: number; seconds: number; warmupSeconds: number; items?: number }): Promise<LoopResult> {
  let next = 0;
  const take = () => (options.items === undefined || next < options.items ? next++ : undefined);
  if (options.warmupSeconds > 0) await loopFor(task, take, options.concurrency, options.warmupSeconds);
  return loopFor(task, take, options.concurrency, options.seconds);
}

async function loopFor(task: (i: number) => Promise<void>, take: () => number | undefined, concurrency: number, seconds: number): Promise<LoopResult> {
  let count = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const end = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const i = take();
      if (i === undefined) return;
      try {
        await task(i);
        count++;
      } catch (error) {
        errors++;
        firstError ??= (error as Error).message;
        if (errors > 100 && count === 0) throw new Error(`direct loop fails: ${firstError}`);
      }
    }
  };
  await withTimeout(Promise.all(Array.from({ length: concurrency }, worker)), (seconds + 60) * 1000, 'direct loop');
  const elapsed = (performance.now() - started) / 1000;
  return { tps: count / elapsed, count, errors, ...(firstError ? { firstError } : {}) };
}
