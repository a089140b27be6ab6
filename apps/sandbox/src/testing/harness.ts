import Fastify from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { startSandbox } from '../standalone.ts';
import type { Provider, WebhookEvent } from '../shared/webhooks.ts';

/** Test support: the sandbox on a random port plus a tiny "shop" that records the webhooks it receives. */

export interface Received {
  provider: Provider;
  headers: IncomingHttpHeaders;
  /** The raw body exactly as it arrived. */
  body: string;
}

export interface ShopAnswer {
  status: number;
  body?: string;
  contentType?: string;
}

/** Decides the shop's answer to each webhook; the default accepts everything the way each provider wants. */
export type Responder = (received: Received) => ShopAnswer;

export const acceptAll: Responder = ({ provider }) => {
  switch (provider) {
    case 'paypal':
      return { status: 200 };
    case 'xsolla':
      return { status: 204 };
    case 'payermax':
      return { status: 200, body: '{"code":"SUCCESS","msg":"Success"}', contentType: 'application/json' };
  }
};

export async function startHarness(options: { retryDelaysMs?: number[] } = {}) {
  const received: Received[] = [];
  const attempts: WebhookEvent[] = [];
  let responder: Responder = acceptAll;

  const shop = Fastify();
  shop.removeAllContentTypeParsers();
  shop.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  shop.post<{ Params: { provider: Provider } }>('/webhooks/:provider', async (request, reply) => {
    const entry: Received = { provider: request.params.provider, headers: request.headers, body: String(request.body ?? '') };
    received.push(entry);
    const answer = responder(entry);
    if (answer.contentType) void reply.type(answer.contentType);
    return reply.code(answer.status).send(answer.body ?? '');
  });
  await shop.listen({ port: 0, host: '127.0.0.1' });
  const address = shop.server.address();
  if (address === null || typeof address === 'string') throw new Error('shop: expected a TCP address');
  const shopUrl = `http://127.0.0.1:${address.port}`;

  const sandbox = await startSandbox({
    paypalWebhookUrl: `${shopUrl}/webhooks/paypal`,
    xsollaWebhookUrl: `${shopUrl}/webhooks/xsolla`,
    webhookRetryDelaysMs: options.retryDelaysMs ?? [],
    onWebhook: (event) => attempts.push(event),
  });

  return {
    sandbox,
    shopUrl,
    /** notifyUrl for PayerMax orders. */
    payermaxNotifyUrl: `${shopUrl}/webhooks/payermax`,
    received,
    attempts,
    respond(next: Responder): void {
      responder = next;
    },
    /** Webhooks received so far from one provider, optionally only those whose body matches. */
    from(provider: Provider, match?: (body: Record<string, unknown>) => boolean): Received[] {
      return received.filter((r) => r.provider === provider && (!match || match(JSON.parse(r.body) as Record<string, unknown>)));
    },
    async close(): Promise<void> {
      await sandbox.close();
      await shop.close();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|amp|lt|gt|quot);/g, (_m, entity: string) =>
    entity.startsWith('#') ? String.fromCharCode(Number(entity.slice(1))) : (ENTITIES[entity] ?? ''),
  );
}

/** The URL a hosted page's button posts to, found by the button's visible label (like a user would). */
export function buttonAction(html: string, label: string): string {
  for (const match of html.matchAll(/<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/g)) {
    const [, action = '', inner = ''] = match;
    const button = /<button[^>]*>([\s\S]*?)<\/button>/.exec(inner);
    if (button && decodeEntities(button[1] ?? '').trim() === label) return decodeEntities(action);
  }
  throw new Error(`no button labelled ${label}`);
}

/** Presses a hosted page's button: a form POST without following the redirect. */
export async function press(pageUrl: string, label: string, options: { framed?: boolean } = {}): Promise<Response> {
  const page = await fetch(pageUrl);
  const action = buttonAction(await page.text(), label);
  return fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ framed: options.framed ? '1' : '' }).toString(),
    redirect: 'manual',
  });
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}
