import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { displayAmount, fromMinor, positiveAmount, toMinor } from './money.ts';
import { escapeHtml, jsonForScript } from './page.ts';
import { parseHttpUrl, withQuery } from './urls.ts';
import { WebhookSender, type WebhookEvent } from './webhooks.ts';

describe('page helpers', () => {
  it('escapes markup and quotes', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
  });

  it('embeds JSON in a script without closing it', () => {
    const text = jsonForScript({ s: '</script><script>alert(1)</script>\u2028' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ s: '</script><script>alert(1)</script>\u2028' });
  });
});

describe('money and URLs', () => {
  it('reads amounts in major units with the currency digits', () => {
    expect(positiveAmount(4.99, 2)).toBe('4.99');
    expect(positiveAmount('10', 2)).toBe('10.00');
    expect(positiveAmount(0.1 + 0.2, 2)).toBeNull();
    expect(positiveAmount('1.5', 0)).toBeNull();
    expect(positiveAmount(0, 2)).toBeNull();
    expect(toMinor('12.5', 2)).toBe(1250);
    expect(fromMinor(5, 2)).toBe('0.05');
    expect(fromMinor(1234, 3)).toBe('1.234');
  });

  it.each([
    ['1999', 'JPY', 0, '¥1,999'],
    ['5500', 'KRW', 0, '₩5,500'],
    ['1.490', 'KWD', 3, 'KWD\u00a01.490'],
    ['4.99', 'EUR', 2, '€4.99'],
    ['100', 'TWD', 0, 'NT$100'],
    // Beyond a double's 15-16 significant digits: formatted from the string, not rounded through a float.
    ['90071992547409.93', 'USD', 2, '$90,071,992,547,409.93'],
  ])('shows %s %s with %i digits as %s', (value, currency, digits, shown) => {
    expect(displayAmount(value, currency, digits)).toBe(shown);
  });

  it('accepts only absolute http(s) URLs and appends to existing queries', () => {
    expect(parseHttpUrl('javascript:alert(1)')).toBeNull();
    expect(parseHttpUrl('/relative')).toBeNull();
    expect(withQuery('https://a.example/r?x=1', { s: 'a&b' })).toBe('https://a.example/r?x=1&s=a%26b');
  });
});

describe('WebhookSender', () => {
  const closers: Array<() => Promise<unknown> | void> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function receiver(statuses: number[]) {
    const app = Fastify();
    const bodies: string[] = [];
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_r, body, done) => done(null, body));
    app.post('/hook', async (request, reply) => {
      bodies.push(String(request.body));
      return reply.code(statuses[Math.min(bodies.length - 1, statuses.length - 1)] ?? 200).send('');
    });
    const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/hook`;
    closers.push(() => app.close());
    return { url, bodies };
  }

  it('retries after errors with the configured delays, then stops', async () => {
    const { url, bodies } = await receiver([500, 503, 200]);
    const events: WebhookEvent[] = [];
    const sender = new WebhookSender([5, 5, 5], (e) => events.push(e));
    closers.push(() => sender.close());
    const settled = new Promise((resolve) => {
      void sender.send({ provider: 'paypal', url, body: '{"a":1}', headers: () => ({}), onSettled: resolve });
    });
    expect(await settled).toMatchObject({ status: 200, verdict: 'delivered' });
    expect(bodies).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
    expect(events.map((e) => e.status)).toEqual([500, 503, 200]);
  });

  it('reports network errors and gives up when out of delays', async () => {
    const events: WebhookEvent[] = [];
    const sender = new WebhookSender([], (e) => events.push(e));
    const first = await sender.send({ provider: 'xsolla', url: 'http://127.0.0.1:1/unreachable', body: '{}', headers: () => ({}) });
    expect(first).toMatchObject({ status: 'network-error', verdict: 'retry' });
    expect(events).toEqual([{ provider: 'xsolla', url: 'http://127.0.0.1:1/unreachable', status: 'network-error', body: '{}' }]);
  });

  it('loses every webhook while dropping is on, as a long outage would', async () => {
    const { url, bodies } = await receiver([200, 200]);
    const sender = new WebhookSender([5]);
    closers.push(() => sender.close());
    sender.dropping = true;
    expect(await sender.send({ provider: 'paypal', url, body: '{"lost":1}', headers: () => ({}) })).toMatchObject({ verdict: 'rejected' });
    sender.dropping = false;
    expect(await sender.send({ provider: 'paypal', url, body: '{"sent":1}', headers: () => ({}) })).toMatchObject({ status: 200, verdict: 'delivered' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(bodies).toEqual(['{"sent":1}']);
  });

  it('stops pending redeliveries on close', async () => {
    const { url, bodies } = await receiver([500]);
    const sender = new WebhookSender([50]);
    await sender.send({ provider: 'payermax', url, body: '{}', headers: () => ({}) });
    sender.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bodies).toHaveLength(1);
  });
});
