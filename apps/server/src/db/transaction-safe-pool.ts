import pg from 'pg';

/**
 * A pg pool that never lets a transaction's leftovers reach the next request (issue 10.1).
 *
 * node-postgres' `query_timeout` fails the caller's promise but leaves the statement running on the connection; drizzle's
 * `transaction()` then queues a ROLLBACK behind it (which times out too), and releases the connection as healthy. When
 * the network heals, the late statements complete, the connection sits inside the abandoned transaction, and the next
 * request's BEGIN ... COMMIT on it commits the abandoned work. drizzle also never releases a connection whose BEGIN
 * failed. So a connection checked out for a transaction is watched:
 * - a statement that times out or loses the connection destroys the socket at once and takes the connection out of the
 *   pool (what was sent can no longer commit: the server rolls back when the socket closes, or when its own
 *   `idle_in_transaction_session_timeout` fires during a partition); later calls on it fail fast;
 * - any other error inside the checkout (a constraint, a serialization failure) marks it, and it is destroyed on release
 *   instead of being reused;
 * - a connection released while PostgreSQL still reports it inside a transaction is destroyed too.
 * `pool.query()` outside transactions already destroys a connection whose query failed.
 */
export class TransactionSafePool extends pg.Pool {
  /** `counter.statements` counts every statement sent, through pool.query and through checked-out clients alike. */
  constructor(
    private readonly counter: { statements: number },
    config: pg.PoolConfig,
  ) {
    super(config);
  }

  override query(...args: unknown[]): never {
    this.counter.statements++;
    return (super.query as (...args: unknown[]) => never)(...args);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    // pool.query() checks out with a callback and handles its own errors; transactions check out with a promise.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => watchCheckout(client, this.counter));
  }
}

interface Checkout {
  failed: boolean;
  released: boolean;
  destroy(reason: Error): void;
}

const CHECKOUT = Symbol('checkout');
type WatchedClient = pg.PoolClient & { [CHECKOUT]?: Checkout };

/** Errors after which nothing more can be known of what the connection did: it must go. */
export function isConnectionFault(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code && (code.startsWith('08') || ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '25P03'].includes(code))) return true;
  return typeof message === 'string' && /Query read timeout|Connection terminated|not queryable|timeout exceeded/i.test(message);
}

function watchCheckout(client: WatchedClient, counter: { statements: number }): pg.PoolClient {
  const firstCheckout = !client[CHECKOUT];
  const release = client.release.bind(client);
  const checkout: Checkout = {
    failed: false,
    released: false,
    destroy(reason) {
      if (checkout.released) return;
      checkout.released = true;
      release(reason); // the pool ends and forgets it; a waiting request gets a new connection
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    },
  };
  client[CHECKOUT] = checkout;

  client.release = (error?: Error | boolean) => {
    if (checkout.released) return;
    const dirty = checkout.failed || client.getTransactionStatus() !== 'I';
    if (error || dirty) return checkout.destroy(error instanceof Error ? error : new Error('connection left inside a transaction or after an error'));
    checkout.released = true;
    release();
  };

  if (firstCheckout) {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const current = client[CHECKOUT]!;
      // pool.query() lends a client with a callback (not watched, counted by the pool): count only our own checkouts
      if (!current.released) counter.statements++;
      const result = query(...args);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        current.failed = true;
        if (isConnectionFault(error)) current.destroy(error as Error);
        throw error;
      });
    };
  }
  return client;
}
