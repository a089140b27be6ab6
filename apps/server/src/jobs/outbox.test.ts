import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BACKENDS, startShop, type TestShop } from '../../test/harness.ts';
import { jobs } from '../db/schema.ts';
import { enqueue, enqueueJobs, OutboxWorker, type JobHandler } from './outbox.ts';

describe.each(BACKENDS)('outbox worker (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend);
    await shop.services.worker.stop();
  });
  afterAll(() => shop.close());

  const worker = (handler: JobHandler) => new OutboxWorker(shop.services.db, { 'test.job': handler }, shop.app.log, 1000);
  const jobRow = async (dedupeKey: string) => (await shop.services.db.select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey)))[0]!;

  it('runs a job once across competing workers (SKIP LOCKED) and marks it done', async () => {
    let runs = 0;
    const handler: JobHandler = { run: async () => void (runs += 1) };
    await enqueue(shop.services.db, { kind: 'test.job', payload: {}, dedupeKey: 'once' });
    await enqueue(shop.services.db, { kind: 'test.job', payload: {}, dedupeKey: 'once' });
    await Promise.all([worker(handler).drain(), worker(handler).drain(), worker(handler).drain()]);
    expect(runs).toBe(1);
    expect((await jobRow('once')).doneAt).not.toBeNull();
  });

  it('a worker that outlived its lease cannot fail or reschedule the job another instance took over and completed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const slow: JobHandler = {
      run: async () => {
        started();
        await held;
        throw new Error('the slow worker fails at the end');
      },
      maxAttempts: 1,
    };
    await enqueue(shop.services.db, { kind: 'test.job', payload: {}, dedupeKey: 'lease' });
    const first = worker(slow).drain();
    await running;
    // the lease runs out (as after a long pause), and another instance claims and completes the job
    await shop.services.db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE dedupe_key = 'lease'`);
    let secondRuns = 0;
    expect(await worker({ run: async () => void (secondRuns += 1) }).drain()).toBe(1);
    expect(secondRuns).toBe(1);
    release();
    await first;
    const row = await jobRow('lease');
    expect(row.doneAt).not.toBeNull();
    expect(row.failedAt).toBeNull();
    expect(row.attempts).toBe(2);
  });

  it('retries a failing job with its delay and gives up after the last attempt, once', async () => {
    let gaveUp = 0;
    const failing: JobHandler = { run: async () => Promise.reject(new Error('down')), giveUp: async () => void (gaveUp += 1), maxAttempts: 2, retryDelayMs: () => 0 };
    await enqueue(shop.services.db, { kind: 'test.job', payload: {}, dedupeKey: 'failing' });
    await worker(failing).drain();
    const row = await jobRow('failing');
    expect(row).toMatchObject({ attempts: 2, lastError: 'down', doneAt: null });
    expect(row.failedAt).not.toBeNull();
    expect(gaveUp).toBe(1);
  });

  it('stop() lets the job in progress finish and hands the rest of its batch back unstarted (graceful shutdown)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const ran: number[] = [];
    const handler: JobHandler = {
      run: async (payload) => {
        ran.push(Number(payload['n']));
        started();
        await held;
      },
    };
    for (const n of [1, 2, 3]) await enqueue(shop.services.db, { kind: 'test.stop', payload: { n }, dedupeKey: `stop-${n}` });
    const stopping = new OutboxWorker(shop.services.db, { 'test.stop': handler }, shop.app.log, 60_000);
    stopping.start();
    await running;
    const stopped = stopping.stop();
    release();
    await stopped;
    expect(ran).toHaveLength(1);
    expect(await jobRow(`stop-${ran[0]}`)).toMatchObject({ attempts: 1, lockedUntil: null, doneAt: expect.any(Date) });
    const unstarted = [1, 2, 3].filter((n) => n !== ran[0]);
    for (const n of unstarted) expect(await jobRow(`stop-${n}`)).toMatchObject({ attempts: 0, lockedUntil: null, doneAt: null, failedAt: null });
  });
  it('enqueueJobs composed into a statement writes one job per row of its source, once per dedupe key', async () => {
    const statement = sql`
      WITH picked AS (SELECT n FROM generate_series(1, 2) AS n),
           queued AS (${enqueueJobs(
             {
               kind: 'test.job',
               payload: sql`jsonb_build_object('n', picked.n)`,
               dedupeKey: sql`'composed:' || picked.n`,
               runAt: sql`now() + interval '1 hour'`,
               maxAttempts: 3,
             },
             sql`picked`,
           )})
      SELECT 1`;
    await shop.services.db.execute(statement);
    await shop.services.db.execute(statement);
    const written = await shop.services.db.select().from(jobs).where(sql`${jobs.dedupeKey} LIKE 'composed:%'`).orderBy(jobs.dedupeKey);
    expect(written.map((job) => [job.dedupeKey, job.kind, job.payload, job.maxAttempts])).toEqual([
      ['composed:1', 'test.job', { n: 1 }, 3],
      ['composed:2', 'test.job', { n: 2 }, 3],
    ]);
    expect(written.every((job) => job.runAt.getTime() > Date.now())).toBe(true);
  });

  it('enqueue writes the job as given: payload, run time, attempts', async () => {
    const runAt = new Date(Date.now() + 60_000);
    await enqueue(shop.services.db, { kind: 'test.job', payload: { orderId: 5, note: 'x' }, runAt, dedupeKey: 'as-given', maxAttempts: 4 });
    const row = await jobRow('as-given');
    expect([row.kind, row.payload, row.runAt.toISOString(), row.maxAttempts]).toEqual(['test.job', { orderId: 5, note: 'x' }, runAt.toISOString(), 4]);
    await enqueue(shop.services.db, { kind: 'test.job', payload: {}, dedupeKey: 'defaults' });
    expect((await jobRow('defaults')).maxAttempts).toBe(10);
  });
});
