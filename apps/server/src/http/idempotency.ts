import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { translate } from '../i18n/messages.ts';
import { conflict, DomainError, mismatch } from '../shared/domain-errors.ts';
import { httpOf } from './errors.ts';
import { rows, typedSql } from '../db/statement.ts';

/** How long a key and its first answer are kept (Stripe: 24 hours). */
export const IDEMPOTENCY_TTL_HOURS = 24;
/**
 * How long a first request may hold its key without an answer. Order creation is bounded well below it (provider
 * timeout 15 s plus a few queries); a claim past it was abandoned by a dead process and may be taken again.
 */
const LEASE_SECONDS = 60;
export interface StoredAnswer {
  status: number;
  body: Record<string, unknown>;
}

type Row = { requestHash: string; responseStatus: number | null; responseBody: Record<string, unknown> | null };

/** JSON with object keys sorted, so the same body in another key order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a key was first used for: the route and the parsed body. */
export const requestFingerprint = (route: string, body: unknown) => createHash('sha256').update(`${route}\n${canonicalJson(body)}`).digest('hex');

/**
 * A request's hold on its key until it has an answer. The success answer is written by the service inside the
 * transaction that creates the order (`complete`), so an order never exists without its recorded answer and vice versa.
 */
export class IdempotencyClaim {
  private recorded = false;

  constructor(
    private readonly db: Db,
    private readonly userId: number,
    private readonly key: string,
    private readonly claimId: string,
    private readonly successBody: (data: unknown) => Record<string, unknown>,
  ) {}

  get isRecorded(): boolean {
    return this.recorded;
  }

  /**
   * Records the success answer in the caller's transaction. Refused (409, rolling the transaction back) when this
   * request lost its claim: it outlived the lease and another request with the key took over.
   */
  async complete(tx: Executor, data: unknown): Promise<void> {
    if (!(await this.record(tx, { status: 200, body: this.successBody(data) }))) throw conflict('idempotencyKeyInFlight');
  }

  /** Records an answer outside any transaction (a refusal, or a success of a route without a transaction of its own). */
  async answer(answer: StoredAnswer): Promise<void> {
    await this.record(this.db, answer);
  }

  /** Gives the key up (an unexpected failure): a retry runs again. An answer already committed is kept. */
  async release(): Promise<void> {
    await this.db.execute(sql`
      DELETE FROM idempotency_keys
       WHERE user_id = ${this.userId} AND key = ${this.key} AND claim_id = ${this.claimId} AND response_status IS NULL`);
  }

  private async record(executor: Executor, answer: StoredAnswer): Promise<boolean> {
    const recorded = await rows(executor, typedSql<unknown>()`
      UPDATE idempotency_keys SET response_status = ${answer.status}, response_body = ${JSON.stringify(answer.body)}::jsonb
       WHERE user_id = ${this.userId} AND key = ${this.key} AND claim_id = ${this.claimId} AND response_status IS NULL
   RETURNING 1`);
    this.recorded = recorded.length > 0;
    return this.recorded;
  }
}

/** `Idempotency-Key` of order creation (ADR 0020, docs/adr/0020-unpaid-cap-and-idempotency.md). */
export class IdempotencyKeys {
  constructor(private readonly db: Db) {}

  /** Deletes keys older than the TTL (they would be claimed afresh anyway); run by the retention job. */
  async sweep(): Promise<void> {
    await this.db.execute(sql`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`);
  }

  /**
   * Claims the key for this request, or answers what the first request with it answered. Refused: the key with another
   * request (422), or while the first request is still running (409). One statement decides who holds the key, so
   * parallel duplicates get exactly one claim; a key older than the TTL, or one whose holder died, starts afresh.
   */
  async begin(
    userId: number,
    key: string,
    fingerprint: string,
    successBody: (data: unknown) => Record<string, unknown>,
  ): Promise<{ claim: IdempotencyClaim } | { replay: StoredAnswer }> {
    const claimId = randomUUID();
    const [claimed] = await rows(this.db, typedSql<{ claimId: string }>()`
        INSERT INTO idempotency_keys AS k (user_id, key, request_hash, claim_id, locked_until)
        VALUES (${userId}, ${key}, ${fingerprint}, ${claimId}, now() + make_interval(secs => ${LEASE_SECONDS}))
        ON CONFLICT (user_id, key) DO UPDATE SET
          request_hash = excluded.request_hash, claim_id = excluded.claim_id, locked_until = excluded.locked_until,
          response_status = NULL, response_body = NULL, created_at = now()
        WHERE k.created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
           OR (k.response_status IS NULL AND k.locked_until < now() AND k.request_hash = excluded.request_hash)
        RETURNING claim_id AS "claimId"`);
    if (claimed?.claimId === claimId) return { claim: new IdempotencyClaim(this.db, userId, key, claimId, successBody) };

    const [row] = await rows(this.db, typedSql<Row>()`
        SELECT request_hash AS "requestHash", response_status AS "responseStatus", response_body AS "responseBody"
          FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`);
    if (row && row.requestHash !== fingerprint) throw mismatch('idempotencyKeyOtherRequest');
    if (!row || row.responseStatus === null || !row.responseBody) throw conflict('idempotencyKeyInFlight');
    return { replay: { status: row.responseStatus, body: row.responseBody } };
  }
}

/**
 * Runs a route under an Idempotency-Key: a repeated request gets the first answer (its status and envelope). The
 * success is recorded by the service in its own transaction (here when it did not), a refusal (4xx) is recorded as the
 * answer, anything else gives the key up so that a retry runs again.
 */
export async function runIdempotent(
  keys: IdempotencyKeys,
  userId: number,
  key: string,
  { request, reply }: { request: FastifyRequest; reply: FastifyReply },
  run: (claim: IdempotencyClaim) => Promise<unknown>,
  envelopeOf: (data: unknown) => Record<string, unknown>,
): Promise<unknown> {
  const fingerprint = requestFingerprint(`${request.method} ${request.routeOptions.url}`, request.body);
  const started = await keys.begin(userId, key, fingerprint, envelopeOf).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'conflict') reply.header('retry-after', '1');
    throw error;
  });
  if ('replay' in started) {
    reply.header('idempotent-replayed', 'true');
    return reply.code(started.replay.status).send(started.replay.body);
  }
  const { claim } = started;
  try {
    const body = envelopeOf(await run(claim));
    if (!claim.isRecorded) await claim.answer({ status: 200, body });
    return body;
  } catch (error) {
    const http = error instanceof DomainError ? httpOf(error) : undefined;
    if (error instanceof DomainError && http && http.status < 500) {
      const body = { code: http.code, message: translate(request.language, error.messageKey, error.params), data: null };
      // Not recorded (the database failed): given up instead, so a retry is not refused as "in flight" for the lease.
      await claim.answer({ status: http.status, body }).catch(() => claim.release().catch(() => undefined));
    } else {
      await claim.release().catch(() => undefined);
    }
    throw error;
  }
}
