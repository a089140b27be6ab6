// HTTP load with autocannon's programmatic API: a warm-up, then a fixed-duration run at a fixed concurrency.
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { withTimeout } from './cleanup.ts';

export interface LoadResult {
  /** Completed requests per second over the measured run (all of them, failed ones included). */
  rps: number;
  /** Successful (HTTP 2xx and, when checked, envelope code 200) requests per second. */
  okRps: number;
  total: number;
  /** Successful requests of the measured run. */
  ok: number;
  errors: number;
  latencyAvgMs: number;
  latencyP99Ms: number;
  /** Up to five distinct failures with their count. */
  errorSamples: string[];
  /** Successful requests of the warm-up run (they changed state too, e.g. spent vouchers). */
  warmupOk: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Parse every answer and count those whose envelope code is not 200 as errors. */
  checkEnvelope?: boolean;
  /** Per-request body and headers (merged over `headers`), e.g. a fresh idempotency key and signature each time. */
  next?: () => { body?: string; headers?: Record<string, string> };
  /** A fixed number of requests instead of `seconds` (then `seconds` only bounds the wait; no warm-up). */
  amount?: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  if (options.amount !== undefined) return once(options, options.seconds, options.amount);
  const warmup = options.warmupSeconds > 0 ? await once(options, options.warmupSeconds) : undefined;
  const measured = await once(options, options.seconds);
  return { ...measured, warmupOk: warmup ? warmup.ok : 0 };
}

async function once(options: LoadOptions, seconds: number, amount?: number): Promise<LoadResult> {
  const failures = new Map<string, number>();
  let envelopeErrors = 0;
  const note = (key: string) => failures.set(key, (failures.get(key) ?? 0) + 1);
  const onResponse = options.checkEnvelope
    ? (status: number, body: string) => {
        let code: unknown;
        let message: unknown;
        try {
          ({ code, message } = JSON.parse(body) as { code?: unknown; message?: unknown });
        } catch {
          code = 'not JSON';
        }
        if (code === 200 && status >= 200 && status < 300) return;
        envelopeErrors++;
        note(`HTTP ${status} code ${String(code)}: ${String(message ?? body.slice(0, 120))}`);
      }
    : undefined;
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    ...(amount !== undefined ? { amount } : { duration: seconds }),
    timeout: 10,
    requests: [
      {
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(onResponse ? { onResponse } : {}),
        ...(options.next ? { setupRequest: withNext(options.next) } : {}),
      },
    ],
  });
  const result: AutocannonResult = await withTimeout(Promise.resolve(instance), (seconds + 30) * 1000 * (amount !== undefined ? 4 : 1), `load ${options.url}`).catch(
    (error: unknown) => {
      instance.stop();
      throw error;
    },
  );
  // With envelope checking every non-2xx answer is already counted there.
  const httpErrors = options.checkEnvelope ? 0 : result.non2xx;
  const errors = envelopeErrors + httpErrors + result.errors + result.timeouts;
  if (!options.checkEnvelope && result.non2xx) {
    for (const [status, stat] of Object.entries(result.statusCodeStats ?? {}))
      if (!status.startsWith('2')) failures.set(`HTTP ${status}`, stat.count);
  }
  if (result.errors) failures.set('socket errors', result.errors);
  if (result.timeouts) failures.set('timeouts', result.timeouts);
  const total = result.requests.total;
  const duration = result.duration > 0 ? result.duration : seconds;
  return {
    rps: total / duration,
    okRps: Math.max(0, total - envelopeErrors - httpErrors) / duration,
    total,
    ok: Math.max(0, total - envelopeErrors - httpErrors),
    errors,
    latencyAvgMs: result.latency.average,
    latencyP99Ms: result.latency.p99,
    errorSamples: [...failures.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([key, count]) => `${count} x ${key}`),
    warmupOk: 0,
  };
}

function withNext(next: NonNullable<LoadOptions['next']>): NonNullable<AutocannonRequest['setupRequest']> {
  return (request) => {
    const { body, headers } = next();
    return { ...request, ...(body !== undefined ? { body } : {}), headers: { ...request.headers, ...headers } };
  };
}
