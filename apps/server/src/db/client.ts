import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type Logger } from 'drizzle-orm';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { appliedMigrations, reportMigrations, type MigrationLog } from './migration-log.ts';
import * as schema from './schema.ts';

/**
 * What execute() answers on both drivers: node-postgres's QueryResult and PGlite's Results both carry the rows under
 * `rows`, so raw statements read them without a cast (db/statement.ts).
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: { rows: Record<string, unknown>[] };
}
export type Db = PgDatabase<QueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: services accept both so callers can compose transactions. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs SQL straight on the driver (bench and health checks). */
  ping(): Promise<void>;
  /** PostgreSQL's connection pool right now (metrics); PGlite has no pool. */
  poolStats?(): PoolStats;
  /** SQL statements sent to the database since it was opened, BEGIN and COMMIT included (metrics, the bench). */
  statements(): number;
  /**
   * PostgreSQL only: a small pool for counters whose loss in a crash of the database server is harmless (rate limits),
   * whose commits do not wait for the WAL to reach the disk (synchronous_commit off: PostgreSQL writes it within its
   * wal_writer_delay anyway). A counted request then costs no flush; money never goes through it.
   */
  counters?: Db;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open (idle or checked out), and the most the pool opens. */
  total: number;
  idle: number;
  max: number;
  /** Requests waiting for a connection. */
  waiting: number;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
/** Serialises migrations when several instances start against one PostgreSQL. */
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  poolSize?: number;
  queryTimeoutMs?: number;
  /** Told every statement the shop's queries send, with its parameters (the plan check captures them this way). */
  logger?: Logger;
  /** Told whether this start applied migrations or found none, and whether it waited for another instance first. */
  log?: MigrationLog;
}): Promise<Database> {
  if (options.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { TransactionSafePool } = await import('./transaction-safe-pool.ts');
    // bigint columns come back as strings by default; our ids and amounts fit in a JS number.
    pg.types.setTypeParser(20, (value) => Number(value));
    const timeoutMs = options.queryTimeoutMs ?? 15_000;
    const counter = { statements: 0 };
    const pool = new TransactionSafePool(counter, {
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Waiting for a connection (and making one) ends with the query timeout too: a request refused during a
      // partition answers within DATABASE_QUERY_TIMEOUT_MS, however busy the pool was when the link went.
      connectionTimeoutMillis: timeoutMs,
      idleTimeoutMillis: 30_000,
      // no answer at all (a partition, not a slow query) must not hold a request forever
      query_timeout: timeoutMs,
      // ... and PostgreSQL gives up on its side as well: a statement stuck on a lock, and the locks of a transaction
      // whose client went silent, are released after the same time instead of blocking the other instances.
      statement_timeout: timeoutMs,
      idle_in_transaction_session_timeout: timeoutMs,
      keepAlive: true,
    });
    // A dropped connection must not crash the process; requests get 503 and the pool reconnects. The pool's listener
    // only covers idle clients: a client checked out for a transaction emits 'error' on itself when its socket dies.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db: Db = drizzle({ client: pool, schema, logger: options.logger });
    const countersPool = new TransactionSafePool(counter, {
      connectionString: options.url,
      max: 4,
      connectionTimeoutMillis: timeoutMs,
      idleTimeoutMillis: 30_000,
      query_timeout: timeoutMs,
      statement_timeout: timeoutMs,
      keepAlive: true,
      options: '-c synchronous_commit=off',
    });
    countersPool.on('error', () => undefined);
    countersPool.on('connect', (client) => client.on('error', () => undefined));
    const client = await pool.connect();
    try {
      // try first, so that the log says when this instance waits for another one that is migrating
      const { rows: taken } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATION_LOCK_ID]);
      const waited = !taken[0]?.locked;
      if (waited) {
        options.log?.info({ lock: MIGRATION_LOCK_ID }, 'migrations: another instance holds the migration lock; waiting for it');
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      }
      const rowsOf = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
      const before = await appliedMigrations(rowsOf);
      await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS });
      reportMigrations(options.log, { before, after: await appliedMigrations(rowsOf), waited });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      client.release();
    }
    const counters: Db = drizzle({ client: countersPool, schema });
    return {
      db,
      kind: 'postgres',
      // readiness answers within 2 s: a probe that waits for the whole query timeout tells the truth too late
      ping: async () => void (await pool.query({ text: 'SELECT 1', query_timeout: Math.min(timeoutMs, 2000) } as { text: string })),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, max: pool.options.max, waiting: pool.waitingCount }),
      statements: () => counter.statements,
      counters,
      close: async () => void (await Promise.all([pool.end(), countersPool.end()])),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = options.dataDir === 'memory://';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(inMemory ? undefined : options.dataDir);
  // Same bigint parsing as for PostgreSQL so both backends return identical rows.
  await client.waitReady;
  const counter = countStatements(client);
  const lite = drizzle({ client, schema, logger: options.logger });
  const migrationRows = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
  const before = await appliedMigrations(migrationRows);
  await migrate(lite, { migrationsFolder: MIGRATIONS });
  reportMigrations(options.log, { before, after: await appliedMigrations(migrationRows), waited: false });
  const db: Db = lite;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`SELECT 1`)),
    statements: () => counter.statements,
    close: () => client.close(),
  };
}

/**
 * Counts what PGlite is sent: each query and exec, and a transaction's BEGIN and COMMIT (PGlite sends those itself), so
 * the count means the same as PostgreSQL's (transaction-safe-pool.ts counts there).
 */
function countStatements(client: PGlite): { statements: number } {
  const counter = { statements: 0 };
  // PGlite and its transactions both have these two methods: the client's own, and each transaction's, are wrapped.
  const counted = (target: Pick<Transaction, 'query' | 'exec'>): void => {
    const query = target.query.bind(target);
    const exec = target.exec.bind(target);
    target.query = <T>(...args: Parameters<Transaction['query']>) => (counter.statements++, query<T>(...args));
    target.exec = (...args: Parameters<Transaction['exec']>) => (counter.statements++, exec(...args));
  };
  counted(client);
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(run: (tx: Transaction) => Promise<T>) => {
    counter.statements += 2;
    return transaction((tx) => {
      counted(tx);
      return run(tx);
    });
  };
  return counter;
}
