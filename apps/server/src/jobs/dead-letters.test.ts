import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { OpsDeadJob } from '@shop/contract/ops';
import type { z } from 'zod';
import { BACKENDS, startShop, type TestShop } from '../../test/harness.ts';
import { jobs } from '../db/schema.ts';
import { enqueue, OutboxWorker, type JobHandler } from './outbox.ts';
import { queueStats } from './queue-stats.ts';

const OPS_TOKEN = 'ops-token-for-dead-letter-tests-0123456789';

describe.each(BACKENDS)('dead letters and queue stats (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, { OPS_API_TOKEN: OPS_TOKEN });
    await shop.services.worker.stop();
    await shop.services.db.delete(jobs);
  });
  afterAll(() => shop.close());

  const ops = <T>(method: string, path: string, body?: unknown) =>
    shop.api<T>(method, `/api/ops/v1/${path}`, { ...(body ? { body } : {}), headers: { authorization: `Bearer ${OPS_TOKEN}` } });
  const drain = (handler: JobHandler) => new OutboxWorker(shop.services.db, { 'test.dead': handler }, shop.app.log, 1000).drain();
  const jobRow = async (dedupeKey: string) => (await shop.services.db.select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey)))[0]!;

  it('counts due, running and dead jobs and the age of the oldest due one', async () => {
    const db = shop.services.db;
    expect(await queueStats(db)).toEqual({ due: 0, running: 0, dead: 0, oldestDueAgeSeconds: 0 });
    await enqueue(db, { kind: 'test.other', payload: {}, dedupeKey: 'due-old', runAt: new Date(Date.now() - 120_000) });
    await enqueue(db, { kind: 'test.other', payload: {}, dedupeKey: 'due-new' });
    await enqueue(db, { kind: 'test.other', payload: {}, dedupeKey: 'later', runAt: new Date(Date.now() + 60_000) });
    await enqueue(db, { kind: 'test.other', payload: {}, dedupeKey: 'running' });
    await db.execute(sql`UPDATE jobs SET locked_until = now() + interval '1 minute', attempts = 1 WHERE dedupe_key = 'running'`);
    await enqueue(db, { kind: 'test.other', payload: {}, dedupeKey: 'dead' });
    await db.execute(sql`UPDATE jobs SET failed_at = now() WHERE dedupe_key = 'dead'`);
    const stats = await queueStats(db);
    expect(stats).toMatchObject({ due: 2, running: 1, dead: 1 });
    expect(stats.oldestDueAgeSeconds).toBeGreaterThanOrEqual(119);
    expect(stats.oldestDueAgeSeconds).toBeLessThan(600);
    await db.delete(jobs);
  });

  it('lists a job that gave up for operators, and runs it once more on retry', async () => {
    await enqueue(shop.services.db, { kind: 'test.dead', payload: { orderId: 7 }, dedupeKey: 'gives-up', maxAttempts: 1 });
    let gaveUp = 0;
    await drain({ run: async () => Promise.reject(new Error('game server down')), giveUp: async () => void (gaveUp += 1) });
    const dead = await ops<z.infer<typeof OpsDeadJob>[]>('GET', 'jobs/dead');
    expect(dead.status).toBe(200);
    const id = (await jobRow('gives-up')).id;
    expect(dead.body.data).toEqual([
      expect.objectContaining({ id, kind: 'test.dead', payload: { orderId: 7 }, attempts: 1, lastError: 'game server down' }),
    ]);
    expect((await queueStats(shop.services.db)).dead).toBe(1);
    expect((await shop.api('GET', '/api/ops/v1/jobs/dead')).status).toBe(401);

    // a retry that fails again gives up again at once (one more attempt, not a new budget)
    expect((await ops('POST', 'jobs/dead/retry', { id })).body.data).toEqual({ id });
    expect((await queueStats(shop.services.db)).dead).toBe(0);
    await drain({ run: async () => Promise.reject(new Error('still down')), giveUp: async () => void (gaveUp += 1) });
    expect(gaveUp).toBe(2);
    expect(await jobRow('gives-up')).toMatchObject({ attempts: 2, lastError: 'still down' });

    // a retry that succeeds: done, no longer dead, and a second retry finds nothing to do
    await ops('POST', 'jobs/dead/retry', { id });
    let runs = 0;
    await drain({ run: async () => void (runs += 1) });
    expect(runs).toBe(1);
    expect((await jobRow('gives-up')).doneAt).not.toBeNull();
    expect((await ops('GET', 'jobs/dead')).body.data).toEqual([]);
    expect((await ops('POST', 'jobs/dead/retry', { id })).status).toBe(404);
  });
});
