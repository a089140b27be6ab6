import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestDatabase } from '../../test/test-database.ts';
import { TcpProxy } from '../../test/tcp-proxy.ts';
import { openDatabase, type Database } from './client.ts';

/**
 * Issue 10.1 at the pool: PostgreSQL behind a TCP proxy that freezes (a partition: bytes held back) and thaws (they
 * arrive late). A transaction whose statement timed out must never be committed by whoever gets its connection next.
 */
const PG = process.env.TEST_DATABASE_URL;
const TIMEOUT_MS = 500;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!PG)('TransactionSafePool (PostgreSQL behind a freezing proxy)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let direct: pg.Client;
  let opened: Database | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url);
    proxy = new TcpProxy(url.hostname, Number(url.port || 5432));
    await proxy.start();
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    await direct.query('CREATE TABLE marks (value int PRIMARY KEY)');
  });

  afterEach(async () => {
    proxy.thaw();
    await opened?.close().catch(() => undefined);
    opened = undefined;
    await direct.query('TRUNCATE marks');
  });

  afterAll(async () => {
    await direct?.end();
    await proxy?.close();
    await database?.drop();
  });

  async function open(poolSize: number): Promise<Database> {
    const url = new URL(database.url);
    url.port = String(proxy.port);
    opened = await openDatabase({ url: url.toString(), dataDir: 'unused', poolSize, queryTimeoutMs: TIMEOUT_MS });
    return opened;
  }

  const idleInTransaction = async () =>
    (await direct.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`)).rows;

  it('a statement that times out inside a transaction fails within the timeout and its work never commits', async () => {
    const { db } = await open(1);
    const started = Date.now();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO marks VALUES (1)`);
        proxy.freeze();
        await tx.execute(sql`SELECT 1`);
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1000);
    proxy.thaw(); // the held statements arrive now
    await sleep(200);
    // the next transactions on the (one-connection) pool commit only their own work
    for (let i = 2; i < 5; i++) await db.transaction(async (tx) => void (await tx.execute(sql`INSERT INTO marks VALUES (${i})`)));
    expect((await direct.query('SELECT value FROM marks ORDER BY value')).rows.map((r) => r.value)).toEqual([2, 3, 4]);
    expect(await idleInTransaction()).toEqual([]);
  });

  it('a BEGIN that times out gives its connection back: the pool serves again once the link heals', async () => {
    const { db } = await open(2);
    await db.execute(sql`SELECT 1`);
    proxy.freeze();
    const refused = await Promise.allSettled([1, 2].map(() => db.transaction(async (tx) => void (await tx.execute(sql`SELECT 1`)))));
    expect(refused.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    proxy.thaw();
    const done = await Promise.all([10, 11, 12, 13].map((value) => db.transaction(async (tx) => void (await tx.execute(sql`INSERT INTO marks VALUES (${value})`)))));
    expect(done).toHaveLength(4);
    expect((await direct.query('SELECT count(*)::int AS n FROM marks')).rows[0].n).toBe(4);
    expect(await idleInTransaction()).toEqual([]);
  });

  it('a connection that saw an error inside a transaction is not handed out again', async () => {
    const { db } = await open(1);
    await direct.query('INSERT INTO marks VALUES (7)');
    let failedOn = 0;
    await expect(
      db.transaction(async (tx) => {
        failedOn = rows<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!.pid;
        await tx.execute(sql`INSERT INTO marks VALUES (7)`);
      }),
    ).rejects.toThrow();
    const next = await db.transaction(async (tx) => rows<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!.pid);
    expect(next).not.toBe(failedOn);
  });

  it('the server ends a transaction whose client went silent, releasing its locks for the other instances', async () => {
    const { db } = await open(1);
    const hold = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO marks VALUES (42)`);
      proxy.freeze();
      await tx.execute(sql`SELECT 1`);
    });
    await expect(hold).rejects.toThrow();
    // Still cut off (even the socket's closing is lost): PostgreSQL saw the INSERT, then silence, and ends the session
    // itself (idle_in_transaction_session_timeout) instead of holding the row lock until the link heals.
    const started = Date.now();
    await direct.query('INSERT INTO marks VALUES (42)'); // waits on the abandoned row lock until then
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1000);
  });
});
