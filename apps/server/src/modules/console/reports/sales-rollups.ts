import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../../db/client.ts';
import type { JobHandler } from '../../../jobs/outbox.ts';
import { inBatches } from '../../../jobs/batches.ts';
import { RecurringJob } from '../../../jobs/recurring.ts';

/**
 * The sales report's rollups (migration 0019, docs/adr/0001-sales-rollups.md). The triggers append deltas in the
 * transactions that move money; this folds them into the rollups every minute and rebuilds the rollups from the raw rows
 * when their days must be in another time zone. The SQL functions do the work (one transaction each), so an operator
 * can call them from psql as well.
 */
export const FOLD_SALES_ROLLUPS_JOB = 'reports.fold-sales-rollups';

/** How often deltas are folded. Reports are exact either way (they add the unfolded deltas); this keeps that part small. */
const FOLD_INTERVAL_MS = 60_000;

/** Deltas folded per transaction: a backlog (an outage of the job) is folded in short transactions. */
const FOLD_BATCH = 50_000;

const firstValue = (result: unknown) => Object.values((result as { rows: Record<string, unknown>[] }).rows[0] ?? {})[0];

/**
 * Rebuilds both rollups from the raw rows (orders, order lines, refunds, the ledger's purchases) with days in
 * `timeZone` (an IANA name), in one transaction under an advisory lock; unfolded deltas are dropped, as the rebuild covers
 * them. For a bulk load (a data generator) after its last insert, and for operators. With `onlyIfZoneDiffers`, nothing
 * happens when the rollups are already in that zone (instances starting with a new REPORT_TIME_ZONE rebuild once).
 * Returns whether it rebuilt.
 */
export async function rebuildSalesRollups(executor: Executor, timeZone: string, options: { onlyIfZoneDiffers?: boolean } = {}): Promise<boolean> {
  return Boolean(firstValue(await executor.execute(sql`SELECT sales_rollup_rebuild(${timeZone}, ${!options.onlyIfZoneDiffers})`)));
}

/** Folds every committed delta into the rollups, `batch` per transaction; returns how many were folded. */
export async function foldSalesRollups(executor: Executor, batch = FOLD_BATCH): Promise<number> {
  return inBatches(batch, async (size) => Number(firstValue(await executor.execute(sql`SELECT sales_rollup_fold(${size})`))));
}

/** The time zone the rollups' days are in now (REPORT_TIME_ZONE once the job has run after a change). */
export async function salesRollupTimeZone(executor: Executor): Promise<string> {
  return String(firstValue(await executor.execute(sql`SELECT time_zone FROM sales_rollup_state`)));
}

/** The recurring job: brings the rollups to the configured time zone (a rebuild, once), then folds the deltas. */
export class SalesRollups {
  private readonly runs = new RecurringJob(FOLD_SALES_ROLLUPS_JOB, 'sales-rollups-fold', FOLD_INTERVAL_MS);

  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Makes sure the current minute's run exists (every instance calls this at start, so a new zone is applied at once). */
  async schedule(): Promise<void> {
    await this.runs.schedule(this.db);
  }

  handler(): JobHandler {
    return this.runs.handler(this.db, () => this.run());
  }

  async run(): Promise<void> {
    if (await rebuildSalesRollups(this.db, this.timeZone, { onlyIfZoneDiffers: true })) {
      this.log.info({ timeZone: this.timeZone }, 'sales rollups: rebuilt from the raw rows for a new REPORT_TIME_ZONE');
    }
    const folded = await foldSalesRollups(this.db);
    if (folded) this.log.debug({ folded }, 'sales rollups: deltas folded');
  }
}
