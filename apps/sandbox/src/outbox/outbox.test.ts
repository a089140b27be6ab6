import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sandboxPlugin from '../plugin.ts';
import { Outbox } from './index.ts';

describe('sandbox outbox', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(sandboxPlugin, {
      prefix: '/sandbox',
      publicUrl: 'http://localhost:8080/sandbox',
      paypalWebhookUrl: 'http://127.0.0.1:1/api/webhooks/paypal',
      xsollaWebhookUrl: 'http://127.0.0.1:1/api/webhooks/xsolla',
      webhookRetryDelaysMs: [],
    });
  });
  afterAll(() => app.close());

  const post = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/sandbox/outbox/messages', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  it('stores SMS and e-mails and lists them newest first, filtered by recipient', async () => {
    expect((await post({ channel: 'sms', to: '+447400123456', text: 'Your code is 123456' })).statusCode).toBe(201);
    expect((await post({ channel: 'email', to: 'a@example.com', subject: 'Code', text: 'first' })).statusCode).toBe(201);
    expect((await post({ channel: 'email', to: 'a@example.com', subject: 'Code', text: 'second' })).statusCode).toBe(201);
    const all = (await app.inject({ url: '/sandbox/outbox.json' })).json<{ messages: { text: string }[] }>();
    expect(all.messages.map((m) => m.text)).toEqual(['second', 'first', 'Your code is 123456']);
    const mine = (await app.inject({ url: '/sandbox/outbox.json?to=A@example.com' })).json<{ messages: { text: string; channel: string }[] }>();
    expect(mine.messages).toHaveLength(2);
    expect(mine.messages[0]).toMatchObject({ channel: 'email', text: 'second', subject: 'Code' });
  });

  it.each([
    ['no body', {}],
    ['an unknown channel', { channel: 'fax', to: 'x', text: 'y' }],
    ['a blank recipient', { channel: 'sms', to: ' ', text: 'y' }],
    ['a text that is not a string', { channel: 'sms', to: '+1', text: 5 }],
    ['a text too long', { channel: 'sms', to: '+1', text: 'x'.repeat(5001) }],
  ])('refuses %s', async (_name, payload) => {
    expect((await post(payload)).statusCode).toBe(400);
  });

  it('shows an escaped HTML page', async () => {
    await post({ channel: 'email', to: 'evil@example.com', subject: '<b>hi</b>', text: '<script>alert(1)</script>' });
    const page = await app.inject({ url: '/sandbox/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body.indexOf('evil@example.com')).toBeLessThan(page.body.indexOf('+447400123456'));
  });

  it('keeps only the newest messages', () => {
    const outbox = new Outbox(3);
    for (let i = 1; i <= 5; i++) outbox.add({ channel: 'sms', to: '+1', text: `m${i}` });
    expect(outbox.list().map((m) => m.text)).toEqual(['m5', 'm4', 'm3']);
  });
});
