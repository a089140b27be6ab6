// The plan check (issue 21): on a small generated data set, the statements behind every console screen, report, CSV,
// player call (the operations of `npm run bench:scale`, scripts/bench/scale/operations.ts) and background pass are
// captured as the shop sends them, EXPLAINed with their parameters and seq scans disabled, and the test fails on a whole
// read of a table that grows with traffic (test/plan-check/plans.ts). ADR 0004 (docs/adr/0004-scale-bench-and-plan-check.md) says why. A new console screen is covered
// by adding it to CONSOLE_OPERATIONS; a new background pass, to PASSES below.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_SESSION_COOKIE } from '@shop/contract/console/access';
import { CONSOLE_OPERATIONS, PLAYER_OPERATIONS, sampleStatements, samplesFrom, type Operation, type Samples } from '../../../scripts/bench/scale/operations.ts';
import { generateDataset } from '../../../scripts/bench/scale/dataset.ts';
import { buildApp, type ShopApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { operators, operatorSessions } from '../src/db/schema.ts';
import { OutboxWorker } from '../src/jobs/outbox.ts';
import { tokenHash } from '../src/modules/console/access/secrets.ts';
import { foldSalesRollups } from '../src/modules/console/reports/sales-rollups.ts';
import { EXPIRE_ORDER_JOB } from '../src/modules/orders/order-placement.ts';
import type { Services } from '../src/services.ts';
import { BACKENDS, freePort, testConfig } from './harness.ts';
import { describe as describeOffences, offences, StatementCapture, type Offence } from './plan-check/plans.ts';
import { createTestDatabase } from './test-database.ts';

const SIZE = { orders: 3000, players: 600 };

/** The background passes, called as their recurring jobs call them. */
const PASSES: [name: string, run: (services: Services) => Promise<unknown>][] = [
  ['pass: reconciliation sweep', (services) => services.reconciliation.sweep()],
  ['pass: retention prune', (services) => services.retention.prune()],
  [
    'pass: order expiry (due expiry jobs)',
    (services) => new OutboxWorker(services.db, { [EXPIRE_ORDER_JOB]: { run: (payload) => services.orders.expire(Number(payload['orderId'])) } }, pino({ level: 'silent' }), 1000).drain(),
  ],
  ['pass: sales rollup fold', (services) => foldSalesRollups(services.db)],
];

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe.each(BACKENDS)('plan check on %s', (backend) => {
  const capture = new StatementCapture();
  let database: Database;
  let shop: ShopApp;
  let url: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let samples: Samples;
  let cookie: string;
  const found: Offence[] = [];

  beforeAll(async () => {
    const port = await freePort();
    const created = backend === 'postgres' ? await createTestDatabase() : undefined;
    dropDatabase = created?.drop;
    const config = testConfig(port, created ? { DATABASE_URL: created.url } : {});
    database = await openDatabase({ ...config.database, logger: capture });
    shop = await buildApp(config, { database, logger: false, runJobs: false });
    await shop.app.listen({ port, host: '127.0.0.1' });
    url = `http://127.0.0.1:${port}`;
    // one connection for the whole load: its session settings (the generator's replica role) stay with it
    await database.db.transaction((tx) =>
      generateDataset(async (statement) => {
        const result = (await tx.execute(sql.raw(statement))) as unknown as { rows: Record<string, unknown>[]; rowCount?: number; affectedRows?: number };
        return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? 0 };
      }, SIZE),
    );
    const statements = sampleStatements(20);
    const today = String(rowsOf(await database.db.execute(sql.raw(statements.today)))[0]!['day']);
    const picked = samplesFrom(today, rowsOf(await database.db.execute(sql.raw(statements.orders))), rowsOf(await database.db.execute(sql.raw(statements.busyRoles))));
    const tokens = [];
    for (const player of picked.players) tokens.push((await shop.services.tokens.issue({ userId: player.userId, gameAccountId: player.gameAccountId })).token);
    samples = { ...picked, tokens };
    const [operator] = await database.db.insert(operators).values({ email: 'plan-check@scale.bench', name: 'Plan check', role: 'admin' }).returning({ id: operators.id });
    const token = randomBytes(32).toString('base64url');
    await database.db.insert(operatorSessions).values({ tokenHash: tokenHash(token), operatorId: operator!.id, expiresAt: new Date(Date.now() + 3_600_000) });
    cookie = `${CONSOLE_SESSION_COOKIE}=${token}`;
  }, 240_000);

  afterAll(async () => {
    await shop?.app.close();
    await database?.close().catch(() => undefined);
    await dropDatabase?.();
  });

  const call = async (operation: Operation, headers: Record<string, string>) => {
    const request = operation.request(samples, 0);
    const response = await fetch(url + request.path, {
      method: request.method,
      headers: { ...headers, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
    });
    const text = await response.text();
    expect(response.status, `${operation.name}: ${text.slice(0, 300)}`).toBe(200);
  };

  it('runs every operation, capturing its statements', async () => {
    for (const operation of CONSOLE_OPERATIONS) await capture.during(operation.name, () => call(operation, { cookie }));
    for (const operation of PLAYER_OPERATIONS) await capture.during(operation.name, () => call(operation, { authorization: `Bearer ${samples.tokens[0]}` }));
    for (const [name, run] of PASSES) await capture.during(name, () => run(shop.services));
    const operations = new Set(capture.statements.map((statement) => statement.operation));
    // every operation reached the database (an operation answered from memory alone would prove nothing here)
    expect([...CONSOLE_OPERATIONS, ...PLAYER_OPERATIONS].map((operation) => operation.name).filter((name) => !operations.has(name) && name !== 'player: voucher packs')).toEqual([]);
    found.push(...(await offences(database.db, capture.statements)));
  }, 120_000);

  it('reads no table that grows with traffic whole', () => {
    expect(found.length, `whole-table reads of growing tables (operation: scan on table, then the statement):\n${describeOffences(found)}\n`).toBe(0);
  });
});
