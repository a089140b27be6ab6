import type { Executor } from '../db/client.ts';
import { firstRow, typedSql } from '../db/statement.ts';

export interface QueueStats {
  /** Jobs waiting to run now (due and not claimed by a live worker). */
  due: number;
  /** Jobs claimed by a worker whose lease still runs. */
  running: number;
  /** Jobs that gave up after their last attempt (the dead letters, `GET /api/ops/v1/jobs/dead`). */
  dead: number;
  /** How long the oldest due job has been waiting (0 when none is): a worker that stopped keeping up shows here first. */
  oldestDueAgeSeconds: number;
}

/** The outbox's depth and age, for /metrics and operators. One statement: the due part uses the jobs_due_idx. */
export async function queueStats(db: Executor): Promise<QueueStats> {
  const row = (await firstRow(db, typedSql<{ due: number; running: number; dead: number; oldest_due_age_seconds: number }>()`
    SELECT count(*) FILTER (WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()
                              AND (locked_until IS NULL OR locked_until < now()))::int AS due,
           count(*) FILTER (WHERE done_at IS NULL AND failed_at IS NULL AND locked_until >= now())::int AS running,
           count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS dead,
           COALESCE(EXTRACT(EPOCH FROM now() - min(run_at) FILTER (
             WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now() AND (locked_until IS NULL OR locked_until < now()))), 0)::float8
             AS oldest_due_age_seconds
      FROM jobs
     WHERE done_at IS NULL`))!;
  return { due: Number(row.due), running: Number(row.running), dead: Number(row.dead), oldestDueAgeSeconds: Number(row.oldest_due_age_seconds) };
}
