/** Where openDatabase says what it did to the schema (app.ts passes the server's logger). */
export interface MigrationLog {
  info(details: Record<string, unknown>, message: string): void;
}

/** Runs one SQL text on the connection that migrates and returns its rows. */
export type RowsOf = (sql: string) => Promise<Record<string, unknown>[]>;

/** Migrations recorded as applied (drizzle's table; none before the first start made it). */
export async function appliedMigrations(rows: RowsOf): Promise<number> {
  const [table] = await rows("SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present");
  if (!table?.present) return 0;
  const [count] = await rows('SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations');
  return Number(count?.applied ?? 0);
}

/**
 * The line that tells an operator what this instance did at its start (docs/deployment.md, "Migrations"): applied the
 * pending migrations, or found none, and whether it first waited for another instance holding the migration lock.
 */
export function reportMigrations(log: MigrationLog | undefined, outcome: { before: number; after: number; waited: boolean }): void {
  if (!log) return;
  const applied = outcome.after - outcome.before;
  const details = { applied, total: outcome.after, waitedForLock: outcome.waited };
  const waited = outcome.waited ? " after waiting for another instance's migration lock" : '';
  log.info(details, applied > 0 ? `migrations: applied ${applied}${waited} (${outcome.after} in all)` : `migrations: none pending${waited} (${outcome.after} in all)`);
}
