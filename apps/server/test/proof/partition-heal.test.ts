import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { VoucherGoods } from '@shop/contract/catalog.schema';
import type { PayChannel } from '@shop/contract/channels.schema';
import { freePort } from '../harness.ts';
import { createTestDatabase } from '../test-database.ts';
import { orderBody, type Player } from '../shopping.ts';
import { postXsolla, xsollaPayment } from '../webhooks.ts';
import { call, gameCall, sleep, spawnShop, tearDownFaultTest, until, type ShopProcess } from './cluster.ts';
import { TcpProxy } from '../tcp-proxy.ts';
import { channelAt, loginAt, webhookTarget } from './storm.ts';

/**
 * Issue 10.1: a network partition between the shop and PostgreSQL, under load, that heals by itself (the bytes sent
 * meanwhile arrive late, as TCP delivers them). Statements time out inside transactions while orders are created,
 * payment webhooks settle them and games spend vouchers. Nothing half-written may ever commit: afterwards every order has
 * its items and expiry job, every paid order is complete with exactly one credit, every spend answered is in the ledger
 * once, balances equal their ledgers, and no session is left idle in a transaction. During the partition every refusal
 * is the 503 envelope within the query timeout + 1 s; after it the instance serves again by itself within seconds.
 */
const PG = process.env.TEST_DATABASE_URL;
const QUERY_TIMEOUT_MS = 2000;
const SERVER_ID = '10001';

interface Answer {
  what: 'order' | 'pay' | 'spend' | 'probe';
  status: number;
  code?: number;
  message?: string;
  started: number;
  ms: number;
}

describe.skipIf(!PG)('a partition under load heals without a half-written transaction (real server process behind a TCP proxy)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let shop: ShopProcess;
  let direct: pg.Client;
  let players: Player[];
  let pack: VoucherGoods;
  let thirdChannel: PayChannel;
  const target = () => webhookTarget(shop.url, `${shop.url}/sandbox`);

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url);
    proxy = new TcpProxy(url.hostname, Number(url.port || 5432));
    await proxy.start();
    url.port = String(proxy.port);
    shop = await spawnShop(await freePort(), {
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: '10',
      DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
    });
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    players = await Promise.all([0, 1, 2, 3].map(() => loginAt(shop.url)));
    pack = (await call<VoucherGoods[]>(shop.url, 'POST', '/api/v1/voucher/list/10030')).body.data[1]!;
    thirdChannel = await channelAt(shop.url, 'xsolla');
    // a balance to spend from: one paid pack each
    for (const player of players) {
      const order = await createOrder(player);
      expect(order.status).toBe(200);
      expect((await pay(order.data!, 50_000 + order.data!.orderId)).status).toBe(204);
    }
  }, 120_000);

  afterAll(() => tearDownFaultTest({ shop, direct, proxy, database }));

  async function createOrder(player: Player) {
    const answer = await call<CreateOrderResult>(shop.url, 'POST', '/api/v1/voucher/create/order', {
      token: player.token,
      body: orderBody(player, pack, thirdChannel),
      timeoutMs: 20_000,
    });
    return { status: answer.status, code: answer.body?.code, message: answer.body?.message, data: answer.status === 200 ? answer.body.data : undefined };
  }

  /** Xsolla's payment notification; a retry of the same payment carries the same transaction id. */
  const pay = (order: CreateOrderResult, transactionId: number) =>
    postXsolla(target(), xsollaPayment(order.orderSn, order.totalAmount, order.currency, transactionId));

  it('refuses quickly while cut off, serves again by itself, and never commits abandoned work', async () => {
    const answers: Answer[] = [];
    const created: CreateOrderResult[] = [];
    const payments = new Map<string, number>(); // orderSn -> Xsolla transaction id
    const spent: string[] = [];
    let stop = false;
    let next = 0;
    let frozenAt = 0;

    const record = async (what: Answer['what'], run: () => Promise<{ status: number; code?: number; message?: string }>) => {
      const started = Date.now();
      try {
        const { status, code, message } = await run();
        answers.push({ what, status, code, message, started, ms: Date.now() - started });
        return status;
      } catch {
        answers.push({ what, status: 0, started, ms: Date.now() - started });
        return 0;
      }
    };

    const worker = async (index: number) => {
      for (let step = index; !stop; step++) {
        const player = players[step % players.length]!;
        const kind = step % 3;
        if (kind === 0) {
          await record('order', async () => {
            const answer = await createOrder(player);
            if (answer.status === 200) created.push(answer.data!);
            return { status: answer.status, code: answer.code, message: answer.message };
          });
        } else if (kind === 1) {
          const order = created[next];
          if (!order) continue;
          next += 1;
          const transactionId = 100_000 + next;
          payments.set(order.orderSn, transactionId);
          await record('pay', async () => {
            const answer = await pay(order, transactionId);
            return { status: answer.status, message: answer.text.slice(0, 200) };
          });
        } else {
          const transactionId = `partition-${randomUUID()}`;
          await record('spend', async () => {
            const answer = await gameCall(shop.url, 'spend', { serverId: SERVER_ID, roleId: player.roleId, transactionId, amount: 1, itemId: 'potion' }, 10030, 20_000);
            if (answer.status === 200) spent.push(transactionId);
            return { status: answer.status, code: answer.body?.code, message: answer.body?.message };
          });
        }
      }
    };

    const load = Promise.all([0, 1, 2, 3, 4, 5].map(worker));
    await sleep(1500);
    frozenAt = Date.now();
    proxy.freeze();
    // fresh requests arriving while the database is out of reach, besides the workers' own
    const probes: Promise<number>[] = [];
    for (let i = 0; i < 10; i++) {
      await sleep(500);
      probes.push(record('probe', async () => {
        const answer = await call(shop.url, 'GET', '/api/user/info', { token: players[i % players.length]!.token });
        return { status: answer.status, code: answer.body?.code, message: answer.body?.message };
      }));
    }
    await sleep(1000);
    const healedAt = Date.now();
    proxy.thaw();
    const back = await until(
      'the shop to serve again after the partition healed',
      async () => ((await call(shop.url, 'GET', '/readyz')).status === 200 ? Date.now() : undefined),
      15_000,
      100,
    );
    await sleep(2000);
    stop = true;
    await Promise.all([load, ...probes]);

    expect(shop.alive(), shop.output()).toBe(true);
    expect(back - healedAt, 'seconds until the instance served again').toBeLessThan(5000);
    // (times relative to the start of the partition from here on)
    for (const answer of answers) answer.started -= frozenAt;
    // nothing but success or the 503 envelope, ever
    for (const answer of answers) expect([200, 204, 503], JSON.stringify(answer)).toContain(answer.status);
    // a request that started during the partition is refused within the query timeout + 1 s
    const deadline = QUERY_TIMEOUT_MS + 1000;
    const duringPartition = answers.filter((a) => a.started > 100 && a.started + deadline < healedAt - frozenAt);
    expect(duringPartition.length).toBeGreaterThan(0);
    for (const answer of duringPartition) {
      expect(answer.status, JSON.stringify(answer)).toBe(503);
      expect(answer.ms, JSON.stringify(answer)).toBeLessThanOrEqual(deadline);
    }
    expect(answers.filter((a) => a.status === 200 || a.status === 204).length).toBeGreaterThan(10);

    // the providers retry until they are answered: every order created is paid once more (same transaction id)
    for (const order of created) {
      const transactionId = payments.get(order.orderSn) ?? 900_000 + order.orderId;
      await until(`order ${order.orderSn} to accept its payment`, async () => (await pay(order, transactionId)).status === 204, 20_000, 200);
    }

    const query = async <T>(text: string, values: unknown[] = []) => (await direct.query(text, values)).rows as T[];
    // every order row (answered or not) was written whole: items and its expiry job
    const halfWritten = await query<{ id: number }>(
      `SELECT o.id FROM orders o
        WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)
           OR NOT EXISTS (SELECT 1 FROM jobs j WHERE j.dedupe_key = 'expire:' || o.id)`,
    );
    expect(halfWritten).toEqual([]);
    // every order answered 200 exists, and every one paid is complete with exactly one credit
    const orderSns = created.map((o) => o.orderSn);
    const rows = await query<{ order_sn: string; status: number; credits: number }>(
      `SELECT o.order_sn, o.status, (SELECT count(*)::int FROM voucher_ledger l WHERE l.reference = 'order:' || o.order_sn) AS credits
         FROM orders o WHERE o.order_sn = ANY($1)`,
      [orderSns],
    );
    expect(rows.map((r) => r.order_sn).sort()).toEqual([...orderSns].sort());
    for (const row of rows) expect({ sn: row.order_sn, status: row.status, credits: row.credits }).toEqual({ sn: row.order_sn, status: 3, credits: 1 });
    // no order anywhere with a recorded payment but no completion, nor paid without its credit
    expect(await query(`SELECT o.id, o.status FROM orders o JOIN payment_events e ON e.order_id = o.id WHERE o.status IN (0, 1, 2)`)).toEqual([]);
    // each spend answered is in the ledger once, and every balance is the sum of its ledger
    const spends = await query<{ reference: string; n: number }>(
      `SELECT reference, count(*)::int AS n FROM voucher_ledger WHERE reference = ANY($1) GROUP BY reference`,
      [spent.map((id) => `game:10030:${id}`)],
    );
    expect(spends.length).toBe(spent.length);
    for (const spend of spends) expect(spend.n).toBe(1);
    expect(
      await query(
        `SELECT a.game_account_id, a.balance, COALESCE(sum(l.amount), 0)::int8 AS ledger FROM voucher_accounts a
           LEFT JOIN voucher_ledger l ON l.game_account_id = a.game_account_id
          GROUP BY a.game_account_id, a.balance HAVING a.balance <> COALESCE(sum(l.amount), 0)`,
      ),
    ).toEqual([]);
    // no connection of the shop sits inside a transaction
    const idleInTransaction = await query(
      `SELECT pid, state, query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`,
    );
    expect(idleInTransaction).toEqual([]);
  }, 150_000);
});
