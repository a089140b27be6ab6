import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { WindowCounter } from './window-counter.ts';

describe.each(BACKENDS)("the shop's analytics endpoint (%s)", (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, { TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => shop.close());

  const count = async () =>
    Number(((await shop.services.db.execute(sql`SELECT count(*) AS n FROM analytics_events`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
  const send = (body: unknown, ip = '198.51.100.7') =>
    shop.api('POST', '/api/analytics/event', { body, headers: { 'x-forwarded-for': ip, 'user-agent': 'test-agent' } });

  it('stores page views and purchase events as the web client sends them', async () => {
    const before = await count();
    expect((await send({ name: 'page_view', tid: 'G-TEST', payload: { path: '/home', title: 'Shop' }, at: new Date().toISOString() })).status).toBe(200);
    expect((await send({ name: 'purchase', payload: { transactionId: 'SN1', channel: 'paypal', amount: 4.99, currency: 'USD' } })).status).toBe(200);
    expect(await count()).toBe(before + 2);
    const [row] = ((await shop.services.db.execute(sql`SELECT name, tracking_id, payload, user_agent FROM analytics_events ORDER BY id LIMIT 1`)) as unknown as {
      rows: { name: string; tracking_id: string; payload: unknown; user_agent: string }[];
    }).rows;
    expect(row).toEqual({ name: 'page_view', tracking_id: 'G-TEST', payload: { path: '/home', title: 'Shop' }, user_agent: 'test-agent' });
  });

  it('refuses unknown events, bad payloads and floods, and writes nothing for them', async () => {
    const before = await count();
    for (const body of [
      {},
      { name: 'click', payload: {} },
      { name: 'page_view', payload: { path: 'no-slash' } },
      { name: 'page_view', payload: { path: `/${'x'.repeat(600)}` } },
      { name: 'purchase', payload: { transactionId: 'SN1', channel: 'paypal', amount: -1, currency: 'USD' } },
      { name: 'purchase', payload: { transactionId: 'SN1', channel: 'paypal', amount: '4.99', currency: 'USD' } },
    ]) {
      const answer = await send(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, data: null });
    }
    expect(await count()).toBe(before);
    const flood = await Promise.all(Array.from({ length: 130 }, () => send({ name: 'page_view', payload: { path: '/home' } }, '203.0.113.99')));
    expect(flood.filter((answer) => answer.status === 429).length).toBe(10);
  });
});

describe('per-window counter', () => {
  it('counts per key and starts again in the next window', () => {
    let now = 0;
    const counter = new WindowCounter(1000, () => now);
    expect([counter.hit('a'), counter.hit('a'), counter.hit('b')]).toEqual([1, 2, 1]);
    now = 1000;
    expect(counter.hit('a')).toBe(1);
  });
});
