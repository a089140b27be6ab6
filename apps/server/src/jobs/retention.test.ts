import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OrderStatus } from '@shop/contract/orders.schema';
import { BACKENDS, startShop, type TestShop } from '../../test/harness.ts';
import { createOrder, newPlayer, press, waitForStatus } from '../../test/shopping.ts';
import { PRUNE_JOB } from './retention.ts';

/** Tables the pruning job may delete from; every other table must keep its rows, however old. */
const PRUNED = new Set([
  'jobs',
  'verification_codes',
  'verification_sends',
  'captcha_challenges',
  'login_failures',
  'dynamic_token_nonces',
  'change_tickets',
  'sms_daily_budget',
  'analytics_events',
  'rate_limit_counters',
  'idempotency_keys',
  'refresh_tokens',
  'operator_sessions',
]);

describe.each(BACKENDS)('retention (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend);
    await shop.services.worker.stop();
  });
  afterAll(() => shop.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await shop.services.db.execute(query)) as unknown as { rows: T[] }).rows;
  const count = async (table: string, where = sql`true`) =>
    Number((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${where}`))[0]!.n);

  /** One row past its retention age (`old`) and one within it (`young`) of every pruned kind. */
  async function seedPrunable(userId: number): Promise<void> {
    const db = shop.services.db;
    for (const [tag, age] of [['old', sql`interval '400 days'`], ['young', sql`interval '1 hour'`]] as const) {
      const at = sql`now() - ${age}`;
      await db.execute(sql`INSERT INTO jobs (kind, payload, dedupe_key, run_at, done_at, created_at) VALUES ('test.done', '{}', ${`done-${tag}`}, ${at}, ${at}, ${at})`);
      await db.execute(sql`INSERT INTO verification_codes (target, purpose, code_hash, expires_at, created_at) VALUES (${`${tag}@example.com`}, 1, 'h', ${at}, ${at})`);
      await db.execute(sql`INSERT INTO verification_sends (target, ip, channel, created_at) VALUES (${`${tag}@example.com`}, '192.0.2.1', 'email', ${at})`);
      await db.execute(sql`INSERT INTO captcha_challenges (id, piece_x, expires_at, created_at) VALUES (${`retention-${tag}`}, 1, ${at}, ${at})`);
      await db.execute(sql`INSERT INTO login_failures (account, ip, created_at) VALUES (${`${tag}@example.com`}, '192.0.2.1', ${at})`);
      await db.execute(sql`INSERT INTO dynamic_token_nonces (app_id, nonce, expires_at, created_at) VALUES (10030, ${`nonce-${tag}`}, ${at}, ${at})`);
      await db.execute(sql`INSERT INTO change_tickets (user_id, kind, token_hash, expires_at, created_at) VALUES (${userId}, 'email', ${`ticket-${tag}`}, ${at}, ${at})`);
      await db.execute(sql`INSERT INTO sms_daily_budget (day, sent) VALUES (to_char((${at}) AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 1) ON CONFLICT DO NOTHING`);
      await db.execute(sql`INSERT INTO analytics_events (name, payload, created_at) VALUES (${`retention-${tag}`}, '{}', ${at})`);
      // windows of their own: a counter whose window ended, a key older than its 24 hours
      await db.execute(sql`INSERT INTO rate_limit_counters (key, count, window_ends_at) VALUES (${`retention-${tag}`}, 1, ${tag === 'old' ? at : sql`now() + interval '1 minute'`})`);
      await db.execute(sql`INSERT INTO idempotency_keys (user_id, key, request_hash, claim_id, locked_until, created_at) VALUES (${userId}, ${`retention-${tag}`}, 'h', 'c', ${at}, ${at})`);
    }
    // sessions: gone some time after their expiry (RETENTION_SESSIONS_DAYS, 30 by default), used or not, revoked or not;
    // a token expired an hour ago stays (a replay of it still revokes its family), a live one of course
    const [operator] = await rows<{ id: number }>(
      sql`INSERT INTO operators (email, name, role) VALUES ('retention@example.com', 'Retention', 'support') RETURNING id`,
    );
    for (const [tag, expires, used, revoked] of [
      ['old-used', sql`now() - interval '400 days'`, true, false],
      ['old-revoked', sql`now() - interval '31 days'`, false, true],
      ['old-unused', sql`now() - interval '31 days'`, false, false],
      ['young-used', sql`now() - interval '1 hour'`, true, false],
      ['young-revoked', sql`now() - interval '29 days'`, true, true],
      ['young-live', sql`now() + interval '20 days'`, false, false],
    ] as const) {
      await db.execute(sql`
        INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, used_at, revoked_at, created_at)
        VALUES (${userId}, ${`family-${tag}`}, ${`retention-${tag}`}, ${expires}, ${used ? sql`${expires} - interval '1 day'` : null},
                ${revoked ? sql`${expires} - interval '1 day'` : null}, ${expires} - interval '30 days')`);
      await db.execute(sql`
        INSERT INTO operator_sessions (token_hash, operator_id, expires_at, ended_at, created_at)
        VALUES (${`retention-${tag}`}, ${operator!.id}, ${expires}, ${revoked ? sql`${expires} - interval '1 day'` : null}, ${expires} - interval '1 day')`);
    }
    // jobs that did not finish stay whatever their age: pending work, and the dead letters operators act on
    await db.execute(sql`INSERT INTO jobs (kind, payload, dedupe_key, run_at, created_at) VALUES ('test.pending', '{}', 'pending-old', now() + interval '1 day', now() - interval '400 days')`);
    await db.execute(sql`INSERT INTO jobs (kind, payload, dedupe_key, failed_at, created_at) VALUES ('test.dead', '{}', 'dead-old', now() - interval '400 days', now() - interval '400 days')`);
  }

  /** Moves every timestamp of every table the job must not prune ten years back. */
  async function ageEverythingElse(): Promise<void> {
    const columns = await rows<{ table_name: string; column_name: string }>(sql`
      SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND data_type = 'timestamp with time zone'
         AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE')`);
    for (const { table_name, column_name } of columns.filter((c) => !PRUNED.has(c.table_name))) {
      const column = sql.identifier(column_name);
      await shop.services.db.execute(sql`UPDATE ${sql.identifier(table_name)} SET ${column} = ${column} - interval '10 years' WHERE ${column} IS NOT NULL`);
    }
  }

  it('prunes the rows of each kind past their age, keeps younger ones, and never a money row of any age', async () => {
    // money: a voucher order paid through the provider (order, items, history, payment event, ledger)
    const player = await newPlayer(shop);
    const { result } = await createOrder(shop, player, 'xsolla');
    await press(shop, result, 'pay');
    await waitForStatus(shop, player, result.orderId, [OrderStatus.ORDER_COMPLETE]);
    const [user] = await rows<{ id: number }>(sql`SELECT id FROM users ORDER BY id LIMIT 1`);
    await seedPrunable(Number(user!.id));
    await ageEverythingElse();

    const tables = await rows<{ table_name: string }>(sql`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
    // The sales rollups, the dashboard's player activity and their deltas move on their own (the fold jobs may run during
    // the prune): not the prune's rows.
    const derived = (name: string) => name.startsWith('sales_rollup') || name.startsWith('sales_product_rollup') || name.startsWith('player_activity_day');
    const kept = tables.map((t) => t.table_name).filter((name) => !PRUNED.has(name) && !derived(name));
    const before = Object.fromEntries(await Promise.all(kept.map(async (name) => [name, await count(name)] as const)));
    for (const money of ['orders', 'order_items', 'order_status_history', 'payment_events', 'voucher_ledger']) expect(before[money], money).toBeGreaterThan(0);

    const deleted = await shop.services.retention.prune();

    const after = Object.fromEntries(await Promise.all(kept.map(async (name) => [name, await count(name)] as const)));
    expect(after).toEqual(before);
    expect(await count('jobs', sql`dedupe_key IN ('done-old')`)).toBe(0);
    expect(await count('jobs', sql`dedupe_key IN ('done-young', 'pending-old', 'dead-old')`)).toBe(3);
    for (const [table, column] of [
      ['verification_codes', 'target'],
      ['verification_sends', 'target'],
      ['login_failures', 'account'],
    ] as const) {
      expect(await count(table, sql`${sql.identifier(column)} = 'old@example.com'`), table).toBe(0);
      expect(await count(table, sql`${sql.identifier(column)} = 'young@example.com'`), table).toBe(1);
    }
    expect(await count('captcha_challenges', sql`id LIKE 'retention-%'`)).toBe(1);
    expect(await count('dynamic_token_nonces', sql`nonce LIKE 'nonce-%'`)).toBe(1);
    expect(await count('change_tickets', sql`token_hash LIKE 'ticket-%'`)).toBe(1);
    expect(await count('sms_daily_budget', sql`day < to_char(now() - interval '300 days', 'YYYY-MM-DD')`)).toBe(0);
    expect(await count('analytics_events', sql`name LIKE 'retention-%'`)).toBe(1);
    expect(await count('rate_limit_counters', sql`key LIKE 'retention-%'`)).toBe(1);
    expect(await count('idempotency_keys', sql`key LIKE 'retention-%'`)).toBe(1);
    for (const table of ['refresh_tokens', 'operator_sessions']) {
      const left = await rows<{ token_hash: string }>(sql`SELECT token_hash FROM ${sql.identifier(table)} WHERE token_hash LIKE 'retention-%' ORDER BY token_hash`);
      expect(left.map((row) => row.token_hash), table).toEqual(['retention-young-live', 'retention-young-revoked', 'retention-young-used']);
    }
    expect(deleted['refresh_tokens']).toBe(3);
    expect(deleted['jobs']).toBeGreaterThanOrEqual(1);
  });

  it('runs as a recurring job: each run writes the next one, also when it gave up', async () => {
    await shop.services.retention.schedule();
    const scheduled = await rows<{ payload: { bucket: number } }>(sql`SELECT payload FROM jobs WHERE kind = ${PRUNE_JOB} AND done_at IS NULL ORDER BY id`);
    expect(scheduled.length).toBe(1);
    const bucket = scheduled[0]!.payload.bucket;
    const handler = shop.services.retention.handler();
    await handler.giveUp!({ bucket }, {} as never, new Error('down'));
    const next = await rows<{ run_at: Date | string }>(sql`SELECT run_at FROM jobs WHERE dedupe_key = ${`retention-prune:${bucket + 1}`}`);
    expect(next.length).toBe(1);
    expect(new Date(next[0]!.run_at).getTime()).toBe((bucket + 1) * shop.config.retention.intervalMs);
  });
});
