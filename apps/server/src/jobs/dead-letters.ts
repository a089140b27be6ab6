import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { jobs } from '../db/schema.ts';

export interface DeadJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  failedAt: Date;
}

/** Jobs that gave up after their last attempt, most recent first. They are never pruned: an operator decides. */
export async function listDeadJobs(db: Executor, limit: number): Promise<DeadJob[]> {
  const rows = await db
    .select({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, attempts: jobs.attempts, lastError: jobs.lastError, createdAt: jobs.createdAt, failedAt: jobs.failedAt })
    .from(jobs)
    .where(isNotNull(jobs.failedAt))
    .orderBy(desc(jobs.failedAt), desc(jobs.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, failedAt: row.failedAt! }));
}

/**
 * Makes a dead job due again, once: its attempts already reached the limit, so the next failure gives up again (and
 * its handler's giveUp runs again, e.g. the order goes back to Delivery Error). The row keeps its attempt number, which
 * fences it (jobs/outbox.ts), and its last error until it runs. False when the job is not (or no longer) dead.
 */
export async function retryDeadJob(db: Executor, id: number): Promise<boolean> {
  const revived = await db
    .update(jobs)
    .set({ failedAt: null, runAt: sql`now()`, lockedUntil: null })
    .where(and(eq(jobs.id, id), isNotNull(jobs.failedAt), isNull(jobs.doneAt)))
    .returning({ id: jobs.id });
  return revived.length > 0;
}
