import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyBaseLogger } from 'fastify';
import rateLimit, { normalizeIP, type FastifyRateLimitStore, type RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { RateLimitName, RateLimitsConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { tooMany } from '../shared/domain-errors.ts';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The hooks a route gets from `RateLimits.route` (registerRoute's `rateLimit` option). */
export interface RouteRateLimit {
  /** Per client IP, before the body is read. */
  onRequest: Hook;
  /** Per account, after authentication and validation (absent when the route has no account limit). */
  preHandler?: Hook;
}

/** Which account a request counts for; undefined: none (the per-IP limit still applies). */
export type AccountKey = (request: FastifyRequest) => string | undefined;

type StoreResult = { current: number; ttl: number };
type StoreCallback = (error: Error | null, result?: StoreResult) => void;

/**
 * Fixed-window counters in PostgreSQL (PGlite too): every instance on the database counts together. Hits that arrive
 * while the event loop turns are sent as one statement (one atomic multi-row upsert, keys in a fixed order so that two
 * instances' statements lock rows in the same order and never deadlock): under load a request's counts cost a fraction
 * of a statement, alone they cost one, as before. A counter whose window has ended starts again; ended counters are
 * deleted by the retention job.
 */
export function postgresStore(db: Db) {
  /** Hits waiting for the next statement, by key: how long the key's window is, and who waits for its count. */
  let pending = new Map<string, { windowMs: number; waiting: StoreCallback[] }>();
  let scheduled = false;

  async function flush(): Promise<void> {
    const batch = [...pending.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    pending = new Map();
    scheduled = false;
    try {
      const result = await db.execute(sql`
        INSERT INTO rate_limit_counters AS c (key, count, window_ends_at)
        SELECT hit.key, hit.n, now() + make_interval(secs => hit.seconds)
          FROM jsonb_to_recordset(${JSON.stringify(batch.map(([key, hit], position) => ({ key, n: hit.waiting.length, seconds: hit.windowMs / 1000, position })))}::jsonb)
               AS hit(key text, n int4, seconds float8, position int4)
         ORDER BY hit.position
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN c.window_ends_at <= now() THEN excluded.count ELSE c.count + excluded.count END,
          window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END
        RETURNING c.key, c.count, ceil(extract(epoch FROM c.window_ends_at - now()) * 1000)::int8 AS ttl`);
      const rows = new Map((result as unknown as { rows: { key: string; count: number | string; ttl: number | string }[] }).rows.map((row) => [row.key, row]));
      for (const [key, hit] of batch) {
        const row = rows.get(key)!;
        // the batch's hits of one key took the last n counts, in the order they came
        const first = Number(row.count) - hit.waiting.length + 1;
        hit.waiting.forEach((callback, i) => callback(null, { current: first + i, ttl: Math.max(0, Number(row.ttl)) }));
      }
    } catch (error) {
      for (const [, hit] of batch) for (const callback of hit.waiting) callback(error as Error);
    }
  }

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      const hit = pending.get(key);
      if (hit) hit.waiting.push(callback);
      else pending.set(key, { windowMs: timeWindow, waiting: [callback] });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * The same counters in this process's memory, for the embedded database (one instance). Keys are named by the limit, so
 * every route of one limit must share the counters: the plugin's own memory store keeps one per route. Ended windows are
 * dropped as the map grows, so it holds about the keys of one window.
 */
export function memoryStore() {
  const counters = new Map<string, { count: number; endsAt: number }>();
  let sweepAt = 10_000;
  const hit = (key: string, windowMs: number): StoreResult => {
    const now = Date.now();
    let counter = counters.get(key);
    if (!counter || counter.endsAt <= now) {
      counter = { count: 0, endsAt: now + windowMs };
      counters.set(key, counter);
      if (counters.size >= sweepAt) {
        for (const [name, value] of counters) if (value.endsAt <= now) counters.delete(name);
        sweepAt = Math.max(10_000, counters.size * 2);
      }
    }
    counter.count++;
    return { current: counter.count, ttl: counter.endsAt - now };
  };
  return class MemoryRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      callback(null, hit(key, timeWindow));
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * The same counters in Redis: INCR, and the window's expiry set by the first hit (one Lua script, atomic). The plugin's
 * own RedisStore names keys after the route, which `createRateLimit` does not have; our keys already say what they count.
 */
export function redisStore(redis: Redis) {
  const script = `
    local current = redis.call('INCR', KEYS[1])
    if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
    return {current, redis.call('PTTL', KEYS[1])}`;
  return class RedisRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      (redis.eval(script, 1, `shop:rate-limit:${key}`, timeWindow) as Promise<[number, number]>).then(
        ([current, ttl]) => callback(null, { current, ttl: Math.max(0, ttl) }),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * The shop's rate limits (config.rateLimits): per client IP and per account, counted with @fastify/rate-limit in a store
 * all instances share (PostgreSQL, or Redis when REDIS_URL is set). On the embedded database (PGlite) there is exactly
 * one instance (it opens its data folder alone), so counts in its memory are the shared count, and a counted request
 * costs no database write. Refusals are the 429 envelope with Retry-After.
 */
export class RateLimits {
  private readonly redis?: Redis;

  constructor(
    private readonly db: Db,
    private readonly config: RateLimitsConfig,
    private readonly log: FastifyBaseLogger,
    /** Whether other instances can share this database (PostgreSQL): counts must then live where they all see them. */
    private readonly sharedDatabase = true,
  ) {
    if (config.redisUrl) {
      // Fail fast while Redis is away: a request is then let through (skipOnError) instead of waiting for it.
      this.redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
      this.redis.on('error', (error) => log.warn({ err: error }, 'rate-limit store (Redis) unavailable'));
    }
  }

  /** Registers @fastify/rate-limit (no global limit: routes opt in with `route`). */
  async register(app: FastifyInstance): Promise<void> {
    if (this.redis) await this.redis.connect().catch(() => undefined);
    const options: RateLimitPluginOptions = {
      global: false,
      store: this.redis ? redisStore(this.redis) : this.sharedDatabase ? postgresStore(this.db) : memoryStore(),
      // PostgreSQL is needed by the route anyway (its outage answers 503); a Redis outage must not stop the shop.
      skipOnError: Boolean(this.redis),
    };
    await app.register(rateLimit, options);
    app.addHook('onClose', async () => {
      this.redis?.disconnect();
    });
  }

  /** Deletes the PostgreSQL counters whose window has ended (Redis expires its keys itself); run by the retention job. */
  async sweep(): Promise<void> {
    await this.db.execute(sql`DELETE FROM rate_limit_counters WHERE window_ends_at < now()`);
  }

  /**
   * The hooks of one route: the limit `name` per client IP and, given `accountKey`, per account. Keys are named by the
   * limit, not the route, so routes of one limit (e.g. the three kinds of order creation) share one count.
   */
  route(app: FastifyInstance, name: RateLimitName, accountKey?: AccountKey): RouteRateLimit {
    const limits: { perIp: number; perAccount?: number } = this.config[name];
    const timeWindow = this.config.windowSeconds * 1000;
    const byIp = app.createRateLimit({ max: limits.perIp, timeWindow, keyGenerator: (request) => `${name}:ip:${normalizeIP(request.ip)}` });
    const onRequest: Hook = async (request, reply) => refuseWhenExceeded(await byIp(request), reply);
    if (!accountKey || limits.perAccount === undefined) return { onRequest };
    const byAccount = app.createRateLimit({ max: limits.perAccount, timeWindow, keyGenerator: (request) => `${name}:account:${accountKey(request)}` });
    return {
      onRequest,
      preHandler: async (request, reply) => {
        if (accountKey(request) !== undefined) refuseWhenExceeded(await byAccount(request), reply);
      },
    };
  }
}

type LimitResult = { isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number };

function refuseWhenExceeded(result: LimitResult, reply: FastifyReply): void {
  if (result.isAllowed || !result.isExceeded) return;
  reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
  throw tooMany();
}

/** Per-account key of routes with a session: the player. */
export const byPlayer: AccountKey = (request) => (request.user ? `user:${request.user.userId}` : undefined);
