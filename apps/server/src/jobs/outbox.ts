import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { rows, typedSql } from '../db/statement.ts';

export type JobRow = typeof jobs.$inferSelect;

export interface JobHandler {
  run(payload: Record<string, unknown>, job: JobRow): Promise<void>;
  /** Called once when the last attempt failed (e.g. mark the order Delivery Error for an operator). */
  giveUp?(payload: Record<string, unknown>, job: JobRow, error: unknown): Promise<void>;
  maxAttempts?: number;
  /** Delay before retrying after the n-th failed attempt (default: backoffMs). */
  retryDelayMs?: (attempt: number) => number;
}

/**
 * The one statement that writes jobs (ADR 0049, docs/adr/0049-typed-statements.md): an INSERT ... SELECT that a larger
 * statement composes as a CTE (order placement enqueues an order's expiry job in the statement that writes the order;
 * reconciliation enqueues its asks), or that `enqueue` runs alone. Each value is an SQL expression over `from`, the
 * rows to enqueue one job for; without `from` it writes one job. A dedupe key already taken writes nothing.
 */
export function enqueueJobs(job: { kind: string; payload: SQL; dedupeKey: SQL; runAt: SQL; maxAttempts: number }, from?: SQL): SQL {
  return sql`INSERT INTO jobs (kind, payload, dedupe_key, run_at, max_attempts)
      SELECT ${job.kind}, ${job.payload}, ${job.dedupeKey}, ${job.runAt}, ${job.maxAttempts}${from ? sql`
        FROM ${from}` : sql``}
      ON CONFLICT DO NOTHING`;
}

/** Attempts of a job unless its kind says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 10;

/**
 * Writes a job in the caller's transaction, so it exists exactly when the change that needs it was committed.
 * A dedupe key makes enqueueing idempotent.
 */
export async function enqueue(
  tx: Executor,
  job: { kind: string; payload: Record<string, unknown>; runAt?: Date; dedupeKey?: string; maxAttempts?: number },
): Promise<void> {
  await tx.execute(
    enqueueJobs({
      kind: job.kind,
      payload: sql`${JSON.stringify(job.payload)}::jsonb`,
      dedupeKey: sql`${job.dedupeKey ?? null}::text`,
      runAt: sql`${(job.runAt ?? new Date()).toISOString()}::timestamptz`,
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    }),
  );
}

const LEASE_SECONDS = 60;
const BATCH = 10;

/** Retry delay after the n-th failed attempt: 5 s, 10 s, 20 s ... capped at 1 h. */
export const backoffMs = (attempt: number) => Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempt - 1));

/**
 * Polls the jobs table. Claims are a single UPDATE over rows picked with FOR UPDATE SKIP LOCKED, so any number of
 * server instances share the work without taking the same job; a lease (locked_until) lets another instance pick a job
 * up again if its worker died mid-job.
 */
export class OutboxWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Waits for the job in progress only; claimed jobs not started yet are released for another instance at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs every due job once, whether the poll loop runs or not (tests). Returns how many were processed. */
  drain(): Promise<number> {
    return this.process(() => false);
  }

  /** Runs due jobs until none is left or `stopRequested()`: the claimed jobs not started yet are then handed back. */
  private async process(stopRequested: () => boolean): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim();
      if (!claimed.length) return total;
      for (const [index, job] of claimed.entries()) {
        if (stopRequested()) {
          await this.release(claimed.slice(index));
          return total;
        }
        await this.execute(job);
        total += 1;
      }
    }
  }

  /** Gives claimed jobs back unstarted: no lease to wait out, and the claim's attempt is not counted. */
  private async release(unstarted: JobRow[]): Promise<void> {
    const claims = sql.join(unstarted.map((job) => sql`(${job.id}::bigint, ${job.attempts}::int)`), sql`, `);
    await this.db.execute(sql`
      UPDATE jobs SET locked_until = NULL, attempts = attempts - 1
      WHERE (id, attempts) IN (${claims}) AND done_at IS NULL AND failed_at IS NULL`);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.process(() => this.stopped)
        .catch((error: unknown) => this.log.warn({ err: error }, 'outbox poll failed'))
        .then(() => this.schedule(this.pollMs));
    }, delay);
    this.timer.unref();
  }

  private async claim(): Promise<JobRow[]> {
    const kinds = Object.keys(this.handlers);
    if (!kinds.length) return [];
    // `id = ANY(ARRAY(...))`: the claimed ids are then found by primary key, one probe each; with `id IN (...)` the
    // planner may join them by reading the whole primary key index (the plan check, ADR 0004, docs/adr/0004-scale-bench-and-plan-check.md).
    return rows(this.db, typedSql<JobRow>()`
      UPDATE jobs SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
      WHERE id = ANY(ARRAY(
        SELECT id FROM jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
          AND kind IN (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})
        ORDER BY run_at
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      ))
      RETURNING id, kind, payload, attempts, max_attempts AS "maxAttempts", run_at AS "runAt"`);
  }

  /**
   * Runs one claimed job. `attempts`, raised by every claim, fences it: when this worker was too slow and another
   * instance claimed the job after the lease ran out, none of this worker's updates match any more, so a job the other
   * one completed is never marked failed or rescheduled by the late one. The lease is renewed as the job starts, so a
   * batch's last job gets a full lease too.
   */
  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers[job.kind]!;
    const ours = sql`id = ${job.id} AND attempts = ${job.attempts} AND done_at IS NULL AND failed_at IS NULL`;
    const renewed = await rows(this.db, typedSql<{ id: number }>()`UPDATE jobs SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS}) WHERE ${ours} RETURNING id`);
    if (!renewed.length) return;
    try {
      await handler.run(job.payload, job);
      await this.db.execute(sql`UPDATE jobs SET done_at = now(), locked_until = NULL WHERE ${ours}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const maxAttempts = handler.maxAttempts ?? job.maxAttempts;
      if (job.attempts >= maxAttempts) {
        this.log.error({ err: error, jobId: job.id, kind: job.kind }, 'job gave up');
        await handler.giveUp?.(job.payload, job, error);
        await this.db.execute(sql`UPDATE jobs SET failed_at = now(), locked_until = NULL, last_error = ${message} WHERE ${ours}`);
      } else {
        this.log.warn({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed, will retry');
        const runAt = new Date(Date.now() + (handler.retryDelayMs ?? backoffMs)(job.attempts));
        await this.db.execute(sql`UPDATE jobs SET run_at = ${runAt}, locked_until = NULL, last_error = ${message} WHERE ${ours}`);
      }
    }
  }
}
