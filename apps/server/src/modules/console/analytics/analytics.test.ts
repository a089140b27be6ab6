import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AnalyticsSummary, PeriodFigures } from '@shop/contract/console/analytics';
import { BACKENDS, startShop, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator, type TestOperator } from '../../../../test/console.ts';
import { newPlayer } from '../../../../test/shopping.ts';
import { analyticsEvents, orderItems, orders, refunds, users } from '../../../db/schema.ts';
import { ReportsService } from '../reports/reports.service.ts';
import { AnalyticsDashboard } from './analytics.service.ts';

const DAY = 86_400_000;
const BREAKING_DEAD = 10030;
const MYTH_WARS = 10002;
/** The period asked for and the previous one of the same length (10 days each); the data starts earlier and ends later. */
const FROM = '2024-03-01';
const TO = '2024-03-10';
const PREVIOUS = { from: '2024-02-20', to: '2024-02-29' };
const DATA_START = Date.parse('2024-02-01T00:00:00Z');
const DATA_DAYS = 45;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** A small deterministic random generator: the data set is the same on every run and backend. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** What happens in the generated shop, in time order (the order the triggers see it in, as in production). */
type Happening =
  | { at: number; kind: 'order'; key: number; userId: number; appId: number; currency: string; pay: number; source: string; provider: string | null; region: string | null; productId: number; fate: 'paid' | 'unpaid' | 'expired' | 'cancelled' | 'failed' | 'gift' }
  | { at: number; kind: 'pay'; key: number }
  | { at: number; kind: 'refund'; key: number; completed: boolean }
  | { at: number; kind: 'view'; userId: number; appId: number; path: string };

describe.each(BACKENDS)('console analytics summary (%s)', (backend) => {
  let shop: TestShop;
  let finance: TestOperator;
  let support: TestOperator;

  const summary = async (operator: TestOperator, query: Record<string, string>, headers: Record<string, string> = {}) =>
    asOperator(shop, operator)<AnalyticsSummary>('GET', `/api/console/v1/analytics/summary?${new URLSearchParams(query)}`, { headers });

  /** Generates ~60 players' orders (refunds, cancellations, free gifts, three currencies, two games) and page views. */
  async function generate(): Promise<void> {
    const next = random(21);
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
    const userIds = (await shop.services.db.insert(users).values(Array.from({ length: 60 }, () => ({}))).returning({ id: users.id })).map((row) => row.id);
    const happenings: Happening[] = [];
    let key = 0;
    for (let index = 0; index < 400; index++) {
      const at = DATA_START + Math.floor(next() * DATA_DAYS * DAY);
      const userId = pick(userIds);
      const appId = next() < 0.7 ? BREAKING_DEAD : MYTH_WARS;
      if (next() < 0.4) {
        happenings.push({ at, kind: 'view', userId, appId, path: pick(['/voucher', '/home', '/home/goodsDetail', '/shoppingCart', '/my', '/myOrder']) });
        continue;
      }
      const fate = pick(['paid', 'paid', 'paid', 'paid', 'unpaid', 'expired', 'cancelled', 'failed', 'gift'] as const);
      const currency = pick(['USD', 'USD', 'EUR', 'JPY']);
      const pay = fate === 'gift' ? 0 : currency === 'JPY' ? 100 * (1 + Math.floor(next() * 50)) : 99 + Math.floor(next() * 5000);
      key += 1;
      happenings.push({
        at,
        kind: 'order',
        key,
        userId,
        appId,
        currency,
        pay,
        source: fate === 'gift' ? 'gift' : pick(['voucher', 'shop']),
        provider: fate === 'gift' ? null : pick(['xsolla', 'paypal', 'payermax']),
        region: pick(['DE', 'US', 'JP', null]),
        productId: pick([1001, 1002, 1021]),
        fate,
      });
      const paidAt = at + Math.floor(next() * 3 * 3_600_000);
      if (fate === 'paid' || fate === 'gift') happenings.push({ at: paidAt, kind: 'pay', key });
      if (fate === 'paid' && next() < 0.25) happenings.push({ at: paidAt + Math.floor(next() * 12 * DAY), kind: 'refund', key, completed: next() < 0.8 });
    }
    happenings.sort((a, b) => a.at - b.at);

    const orderIds = new Map<number, { id: number; pay: number; currency: string }>();
    // One transaction: the same rows and trigger order, without a commit per row.
    await shop.services.db.transaction(async (db) => {
    for (const happening of happenings) {
      const at = new Date(happening.at);
      if (happening.kind === 'view') {
        await db.insert(analyticsEvents).values({ name: 'page_view', payload: { path: happening.path }, userId: happening.userId, appId: happening.appId, createdAt: at });
      } else if (happening.kind === 'order') {
        const status = { paid: 1, unpaid: 0, expired: 4, cancelled: 5, failed: 7, gift: 1 }[happening.fate];
        const [row] = await db
          .insert(orders)
          .values({
            orderSn: `ANL${process.pid}${Date.now()}${happening.key}`.padEnd(16, '0'),
            language: 'en',
            userId: happening.userId,
            appId: happening.appId,
            orderSource: happening.source,
            status,
            currency: happening.currency,
            totalAmountMinor: happening.pay,
            payAmountMinor: happening.pay,
            regionCode: happening.region,
            thirdChannelName: happening.provider,
            createdAt: at,
          })
          .returning({ id: orders.id });
        await db.insert(orderItems).values({
          orderId: row!.id,
          productId: happening.productId,
          name: `product ${happening.productId}`,
          productVersion: 1,
          categoryId: 1,
          goodsType: 2,
          quantity: 1,
          currency: happening.currency,
          priceMinor: happening.pay,
          originalPriceMinor: happening.pay,
        });
        orderIds.set(happening.key, { id: row!.id, pay: happening.pay, currency: happening.currency });
      } else if (happening.kind === 'pay') {
        // As the order state machine does: status and paid_at in one update (the trigger counts the payment).
        await db.execute(sql`UPDATE orders SET status = 3, paid_at = ${at.toISOString()}::timestamptz WHERE id = ${orderIds.get(happening.key)!.id}`);
      } else {
        const order = orderIds.get(happening.key)!;
        await db.insert(refunds).values({
          orderId: order.id,
          provider: 'paypal',
          status: happening.completed ? 'completed' : 'pending',
          initiatedBy: 'operator',
          amountMinor: order.pay,
          currency: order.currency,
          createdAt: at,
          completedAt: happening.completed ? at : null,
        });
        if (happening.completed) await db.execute(sql`UPDATE orders SET status = 9 WHERE id = ${order.id}`);
      }
    }
    });
  }

  /** The period's figures computed from the raw rows alone (orders, refunds, analytics_events), in `zone`'s days. */
  async function oracle(period: { from: string; to: string }, appId: number | undefined, zone = 'UTC'): Promise<Omit<PeriodFigures, 'conversion'>> {
    const inPeriod = (column: string) => sql.raw(`(${column} AT TIME ZONE '${zone}')::date BETWEEN '${period.from}' AND '${period.to}'`);
    const game = appId === undefined ? sql`true` : sql`app_id = ${appId}`;
    const [players] = rowsOf<Record<string, unknown>>(
      await shop.services.db.execute(sql`
        WITH acts AS (
          SELECT user_id, 'active' AS what, created_at AS at FROM orders WHERE ${game}
          UNION ALL SELECT user_id, 'active', paid_at FROM orders WHERE ${game} AND paid_at IS NOT NULL AND pay_amount_minor > 0
          UNION ALL SELECT user_id, 'active', created_at FROM analytics_events WHERE ${game} AND name = 'page_view' AND user_id IS NOT NULL
          UNION ALL SELECT user_id, 'store', created_at FROM analytics_events
                     WHERE ${game} AND name = 'page_view' AND user_id IS NOT NULL AND payload->>'path' IN ('/voucher', '/home', '/home/goodsDetail', '/shoppingCart')
          UNION ALL SELECT user_id, 'ordered', created_at FROM orders WHERE ${game} AND pay_amount_minor > 0
          UNION ALL SELECT user_id, 'paid', paid_at FROM orders WHERE ${game} AND paid_at IS NOT NULL AND pay_amount_minor > 0
        ), first_paid AS (SELECT user_id, min(at) AS at FROM acts WHERE what = 'paid' GROUP BY user_id)
        SELECT (SELECT count(DISTINCT user_id) FROM acts WHERE what = 'active' AND ${inPeriod('at')}) AS active,
               (SELECT count(DISTINCT user_id) FROM acts WHERE what = 'store' AND ${inPeriod('at')}) AS store,
               (SELECT count(DISTINCT user_id) FROM acts WHERE what = 'ordered' AND ${inPeriod('at')}) AS ordered,
               (SELECT count(DISTINCT user_id) FROM acts WHERE what = 'paid' AND ${inPeriod('at')}) AS paid,
               (SELECT count(*) FROM first_paid WHERE ${inPeriod('at')}) AS first_paid`),
    );
    const money = rowsOf<{ currency: string; orders: unknown; free: unknown; gross: unknown; refund_count: unknown; refunds: unknown; base_gross: unknown; base_refunds: unknown }>(
      await shop.services.db.execute(sql`
        WITH sold AS (
          SELECT currency::text AS currency, count(*) FILTER (WHERE pay_amount_minor > 0) AS orders, count(*) FILTER (WHERE pay_amount_minor = 0) AS free,
                 sum(pay_amount_minor) AS gross, sum(coalesce(base_pay_minor, pay_amount_minor)) AS base_gross
            FROM orders WHERE ${game} AND status IN (2, 3, 6, 8, 9) AND ${inPeriod('paid_at')} GROUP BY 1
        ), back AS (
          SELECT r.currency::text AS currency, count(*) AS refund_count, sum(r.amount_minor) AS refunds,
                 -- A whole refund gives the frozen base payment back; a part is converted at the order's rate.
                 sum(CASE WHEN r.amount_minor = o.pay_amount_minor THEN coalesce(o.base_pay_minor, r.amount_minor)
                          ELSE to_base_minor(r.amount_minor, o.currency::text, o.exchange_rate) END) AS base_refunds
            FROM refunds r JOIN orders o ON o.id = r.order_id
           WHERE ${appId === undefined ? sql`true` : sql`o.app_id = ${appId}`} AND r.status = 'completed' AND ${inPeriod('r.completed_at')} GROUP BY 1
        )
        SELECT coalesce(sold.currency, back.currency) AS currency, sold.orders, sold.free, sold.gross, back.refund_count, back.refunds,
               sold.base_gross, back.base_refunds
          FROM sold FULL JOIN back ON back.currency = sold.currency ORDER BY 1`),
    );
    const count = (value: unknown) => Number(value ?? 0);
    const playerFigures = {
      activePlayers: count(players!.active),
      storeVisitors: count(players!.store),
      orderingPlayers: count(players!.ordered),
      payingPlayers: count(players!.paid),
      firstTimePayers: count(players!.first_paid),
    };
    const perCurrency = money.map((row) => {
      const gross = count(row.gross);
      const net = gross - count(row.refunds);
      const average = (amount: number, by: number) => (by > 0 ? Math.round(amount / by) : null);
      return {
        currency: row.currency,
        orders: count(row.orders),
        freeOrders: count(row.free),
        gross,
        refundCount: count(row.refund_count),
        refunds: count(row.refunds),
        net,
        averageOrderValue: average(gross, count(row.orders)),
        arppu: average(net, playerFigures.payingPlayers),
        arpu: average(net, playerFigures.activePlayers),
      };
    });
    const baseGross = money.reduce((sum, row) => sum + count(row.base_gross), 0);
    const baseRefunds = money.reduce((sum, row) => sum + count(row.base_refunds), 0);
    return {
      ...period,
      players: playerFigures,
      orderCount: perCurrency.reduce((sum, row) => sum + row.orders, 0),
      money: perCurrency,
      base: { currency: 'USD', gross: baseGross, refunds: baseRefunds, net: baseGross - baseRefunds },
    };
  }

  const withoutConversion = ({ conversion: _conversion, ...figures }: PeriodFigures) => figures;

  beforeAll(async () => {
    shop = await startShop(backend);
    [finance, support] = await Promise.all([loginOperator(shop, 'finance'), loginOperator(shop, 'support')]);
    await generate();
  }, 240_000);

  afterAll(async () => {
    await shop?.close();
  });

  it('answers the figures computed from the raw rows, for all games and each game, this period and the previous one', async () => {
    for (const appId of [undefined, BREAKING_DEAD, MYTH_WARS]) {
      const answer = await summary(finance, { from: FROM, to: TO, ...(appId ? { appId: String(appId) } : {}) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const data = answer.body.data;
      expect(withoutConversion(data.current)).toEqual(await oracle({ from: FROM, to: TO }, appId));
      expect(withoutConversion(data.previous)).toEqual(await oracle(PREVIOUS, appId));
      // The data set has what the figures are about: several currencies, refunds, free gifts, first-time payers.
      expect(data.current.money.length).toBeGreaterThanOrEqual(2);
      if (appId === undefined) {
        expect(data.current.money.some((figures) => figures.refunds > 0 && figures.freeOrders > 0)).toBe(true);
        expect(data.current.players.firstTimePayers).toBeGreaterThan(0);
        expect(data.current.players.firstTimePayers).toBeLessThan(data.current.players.payingPlayers);
      }
      const { players, conversion } = data.current;
      expect(conversion.visitToOrder).toBeCloseTo(players.orderingPlayers / players.storeVisitors, 10);
      expect(conversion.orderToPaid).toBeCloseTo(players.payingPlayers / players.orderingPlayers, 10);
      // The splits are the sales report's groupings: each adds up to the period's gross per currency.
      for (const split of ['country', 'source', 'provider', 'currency', 'product'] as const) {
        for (const figures of data.current.money) {
          const rows = data.splits[split].filter((row) => row.currency === figures.currency);
          expect(rows.reduce((sum, row) => sum + row.gross, 0), `${split} ${figures.currency}`).toBe(figures.gross);
        }
      }
      const dailyActive = await shop.services.db.execute(sql`
        SELECT count(DISTINCT user_id) AS players FROM (
          SELECT user_id, created_at AS at FROM orders WHERE ${appId ? sql`app_id = ${appId}` : sql`true`}
          UNION ALL SELECT user_id, paid_at FROM orders WHERE ${appId ? sql`app_id = ${appId}` : sql`true`} AND paid_at IS NOT NULL AND pay_amount_minor > 0
          UNION ALL SELECT user_id, created_at FROM analytics_events WHERE ${appId ? sql`app_id = ${appId}` : sql`true`} AND user_id IS NOT NULL) acts
         WHERE (at AT TIME ZONE 'UTC')::date = '2024-03-05'`);
      expect(data.dailyPlayers.find((day) => day.day === '2024-03-05')?.activePlayers ?? 0).toBe(Number(rowsOf<{ players: unknown }>(dailyActive)[0]!.players));
    }
  });

  it('rebuilding the activity (a new time zone) gives what the triggers kept, and counts in the new zone', async () => {
    const table = async () => {
      await shop.services.dashboard.foldPlayerActivity();
      return rowsOf(await shop.services.db.execute(sql`SELECT app_id, kind, day::text, previous_day::text, players FROM player_activity_days ORDER BY 1, 2, 3, 4`));
    };
    const kept = await table();
    const reports = new ReportsService(shop.services.db);
    const shanghai = new AnalyticsDashboard(shop.services.db, reports, 'Asia/Shanghai', shop.app.log);
    expect(await shanghai.alignTimeZone()).toBe(true);
    expect(await shanghai.alignTimeZone()).toBe(false);
    const inShanghai = await shanghai.summary({ from: FROM, to: TO });
    expect(inShanghai.timeZone).toBe('Asia/Shanghai');
    expect(inShanghai.current.players).toEqual((await oracle({ from: FROM, to: TO }, undefined, 'Asia/Shanghai')).players);
    expect(await new AnalyticsDashboard(shop.services.db, reports, 'UTC', shop.app.log).alignTimeZone()).toBe(true);
    expect(await table()).toEqual(kept);
  });

  it("counts a signed-in player's page view in their game, and an anonymous one nowhere", async () => {
    const player = await newPlayer(shop);
    const before = (await shop.services.dashboard.summary({ from: new Date().toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10), appId: BREAKING_DEAD })).current.players;
    const view = (headers: Record<string, string>) =>
      shop.api('POST', '/api/analytics/event', { body: { name: 'page_view', payload: { path: '/voucher', appId: BREAKING_DEAD } }, headers });
    expect((await view({})).body.code).toBe(200);
    expect((await view({ authorization: 'Bearer not-a-token' })).body.code).toBe(200);
    expect((await view({ authorization: `Bearer ${player.token}` })).body.code).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const after = (await shop.services.dashboard.summary({ from: today, to: today, appId: BREAKING_DEAD })).current.players;
    expect(after.storeVisitors).toBe(before.storeVisitors + 1);
    const stored = rowsOf<{ user_id: unknown }>(await shop.services.db.execute(sql`SELECT user_id FROM analytics_events WHERE payload->>'appId' = ${String(BREAKING_DEAD)} ORDER BY id`));
    expect(stored.map((row) => row.user_id === null)).toEqual([true, true, false]);
  });

  it('refuses a support operator (403) and a caller without a session (401)', async () => {
    expect((await summary(support, { from: FROM, to: TO })).status).toBe(403);
    const anonymous = await shop.api('GET', `/api/console/v1/analytics/summary?from=${FROM}&to=${TO}`);
    expect(anonymous.status).toBe(401);
  });

  it("refuses bad input with a 400 envelope in the caller's language", async () => {
    const cases: Record<string, string>[] = [
      { from: TO, to: FROM },
      { from: '2023-01-01', to: '2024-03-01' },
      { from: '2024-02-30', to: '2024-03-01' },
      { from: '2024-3-1', to: '2024-03-02' },
      { from: FROM, to: TO, appId: '99999' },
      { from: FROM, to: TO, appId: '99999999999999999999' },
      { from: FROM, to: TO, appId: '-1' },
      { from: `2024-03-01\u0000`, to: TO },
      { to: TO },
    ];
    for (const query of cases) {
      const answer = await summary(finance, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.code, JSON.stringify(query)).toBe(400);
      expect(answer.body.data).toBeNull();
    }
    const english = await summary(finance, { from: TO, to: FROM });
    const chinese = await summary(finance, { from: TO, to: FROM }, { 'accept-language': 'zh-CN' });
    expect(english.body.message).toBe('The start date is after the end date');
    expect(chinese.body.message).not.toBe(english.body.message);
    expect((await summary(finance, { from: FROM, to: TO, appId: '99999' }, { 'accept-language': 'de' })).body.message).not.toBe('Unknown game');
  });

  it('is documented in the OpenAPI with its query', async () => {
    const answer = await shop.api<unknown>('GET', '/api/docs/json');
    const document = (answer.body as unknown as { paths: Record<string, { get?: { parameters?: { name: string }[] } }> }).paths;
    expect(document['/api/console/v1/analytics/summary']?.get?.parameters?.map((parameter) => parameter.name).sort()).toEqual(['appId', 'from', 'to']);
  });

  it.runIf(backend === 'postgres')("records a player's activity without waiting for another player's open order (no shared counter row)", async () => {
    const [first, second] = await shop.services.db.insert(users).values([{}, {}]).returning({ id: users.id });
    const newOrder = (userId: number) => ({
      orderSn: `ACT${process.pid}${Date.now()}${userId}`.padEnd(16, '0'),
      language: 'en',
      userId,
      appId: BREAKING_DEAD,
      orderSource: 'voucher',
      currency: 'USD',
      totalAmountMinor: 499,
      payAmountMinor: 499,
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let placed!: () => void;
    const firstPlaced = new Promise<void>((resolve) => (placed = resolve));
    // Both players act for the first time today, in the same game: before, both bumped one counter row (today, never before).
    const open = shop.services.db.transaction(async (tx) => {
      await tx.insert(orders).values(newOrder(first!.id));
      placed();
      await held;
    });
    await firstPlaced;
    try {
      await shop.services.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL lock_timeout = '2s'`);
        await tx.insert(orders).values(newOrder(second!.id));
      });
    } finally {
      release();
      await open;
    }
    await shop.services.dashboard.foldPlayerActivity();
    const [counted] = rowsOf<{ players: unknown }>(
      await shop.services.db.execute(sql`SELECT coalesce(sum(players), 0) AS players FROM player_activity_days
        WHERE app_id = ${BREAKING_DEAD} AND kind = 3 AND previous_day = '-infinity' AND day = (now() AT TIME ZONE 'UTC')::date`),
    );
    expect(Number(counted!.players)).toBeGreaterThanOrEqual(2);
  });
});
