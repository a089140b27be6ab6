import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RetentionConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { inBatches } from './batches.ts';
import type { JobHandler } from './outbox.ts';
import { RecurringJob } from './recurring.ts';
import { rows, typedSql } from '../db/statement.ts';

export const PRUNE_JOB = 'retention.prune';

/** Rows deleted per statement: a first run over a large backlog stays within the statement timeout. */
const BATCH = 5000;

/** Something that deletes its own expired rows (the rate-limit counters and idempotency keys know their windows). */
export interface Sweepable {
  sweep(): Promise<void>;
}

/**
 * Prunes what is only kept for a while, as a recurring job (one run per `RETENTION_INTERVAL_MINUTES` across all
 * instances). The tables are named here one by one: orders, their items and history, payment events, the voucher
 * ledger, refunds, duplicate payments and gift claims are money records an operator may need at any age, and are
 * never pruned. Dead jobs stay too: they are the operators' dead letters. Every rule's filter is served by an index on
 * its column (migration 0018), so a run finds what is due without reading what is kept, whatever the history; the
 * whole table-by-table list is in docs/deployment.md ("Retention").
 */
export class Retention {
  private readonly runs: RecurringJob;

  constructor(
    private readonly db: Db,
    private readonly config: RetentionConfig,
    private readonly windowed: Sweepable[],
    private readonly log: FastifyBaseLogger,
  ) {
    this.runs = new RecurringJob(PRUNE_JOB, 'retention-prune', config.intervalMs);
  }

  /** Makes sure the current interval's run exists (every instance calls this at start). */
  async schedule(): Promise<void> {
    await this.runs.schedule(this.db);
  }

  handler(): JobHandler {
    return this.runs.handler(this.db, () => this.prune());
  }

  /** Deletes every expired row now; returns how many went, by table. */
  async prune(): Promise<Record<string, number>> {
    const days = (n: number) => sql`now() - make_interval(days => ${n})`;
    const jobsBefore = days(this.config.jobsDays);
    const verificationBefore = days(this.config.verificationDays);
    const rules: [table: string, expired: SQL][] = [
      ['jobs', sql`done_at < ${jobsBefore}`],
      ['verification_codes', sql`expires_at < ${verificationBefore}`],
      ['verification_sends', sql`created_at < ${verificationBefore}`],
      ['captcha_challenges', sql`created_at < ${verificationBefore}`],
      ['login_failures', sql`created_at < ${verificationBefore}`],
      ['dynamic_token_nonces', sql`expires_at < ${verificationBefore}`],
      ['change_tickets', sql`expires_at < ${verificationBefore}`],
      ['sms_daily_budget', sql`day < to_char((${verificationBefore}) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`],
      ['analytics_events', sql`created_at < ${days(this.config.analyticsDays)}`],
      // Past expiry a refresh token can no longer be exchanged, and every access token issued with it has expired too
      // (access tokens live minutes, refresh tokens days): the grace only keeps reuse detection for late replays.
      ['refresh_tokens', sql`expires_at < ${days(this.config.sessionsDays)}`],
      // An ended console session keeps its absolute expiry: every session goes some time after it.
      ['operator_sessions', sql`expires_at < ${days(this.config.sessionsDays)}`],
    ];
    const deleted: Record<string, number> = {};
    for (const [table, expired] of rules) deleted[table] = await this.deleteInBatches(table, expired);
    for (const sweepable of this.windowed) await sweepable.sweep();
    this.log.info({ deleted }, 'retention: pruned expired rows');
    return deleted;
  }

  private async deleteInBatches(table: string, expired: SQL): Promise<number> {
    const name = sql.identifier(table);
    return inBatches(BATCH, async (size) => {
      const [gone] = await rows(this.db, typedSql<{ n: number }>()`
        WITH gone AS (
          DELETE FROM ${name} WHERE ctid IN (SELECT ctid FROM ${name} WHERE ${expired} LIMIT ${size}) RETURNING 1
        )
        SELECT count(*)::int AS n FROM gone`);
      return Number(gone!.n);
    });
  }
}
