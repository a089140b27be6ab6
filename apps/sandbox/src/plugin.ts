import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from './shared/context.ts';
import { WebhookSender, type WebhookEvent } from './shared/webhooks.ts';
import { sendPage } from './shared/page.ts';
import { payermaxPlugin } from './payermax/index.ts';
import { paypalPlugin } from './paypal/index.ts';
import { xsollaPlugin } from './xsolla/index.ts';
import { outboxPlugin } from './outbox/index.ts';
import { gameServerPlugin } from './game-server/index.ts';
import { geetestPlugin } from './geetest/index.ts';
import { publisherPlugin } from './publisher/index.ts';

export interface SandboxOptions {
  /** Absolute URL at which this plugin is reachable from a browser, e.g. "http://localhost:8080/sandbox" (used in links/redirects it generates). */
  publicUrl: string;
  /** Where to POST PayPal webhooks (the shop's endpoint), e.g. http://localhost:8080/api/webhooks/paypal */
  paypalWebhookUrl: string;
  /** Where to POST Xsolla webhooks, e.g. http://localhost:8080/api/webhooks/xsolla */
  xsollaWebhookUrl: string;
  /** Delays between webhook redelivery attempts after a non-2xx answer or network error; default [1000, 5000, 30000]. Tests pass []. */
  webhookRetryDelaysMs?: number[];
  /** The shop's API base (e.g. http://127.0.0.1:8080/api): the game-server stand-in spends vouchers there. */
  shopApiUrl?: string;
  /** Optional: called after each webhook delivery attempt (for tests/logging). */
  onWebhook?: (event: WebhookEvent) => void;
}

const DEFAULT_RETRY_DELAYS_MS = [1000, 5000, 30_000];

function requireHttpUrl(name: string, value: string): void {
  let ok = false;
  try {
    ok = ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    // reported below
  }
  if (!ok) throw new Error(`sandbox: ${name} must be an absolute http(s) URL, got ${JSON.stringify(value)}`);
}

/**
 * Registers the three stand-ins under the current prefix. `publicUrl` is read on every use so the standalone
 * server can learn its port after listening.
 */
export async function registerSandbox(
  app: FastifyInstance,
  opts: Omit<SandboxOptions, 'publicUrl'> & { publicUrl: () => string },
): Promise<void> {
  requireHttpUrl('paypalWebhookUrl', opts.paypalWebhookUrl);
  requireHttpUrl('xsollaWebhookUrl', opts.xsollaWebhookUrl);
  const webhooks = new WebhookSender(opts.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS, opts.onWebhook);
  app.addHook('onClose', async () => webhooks.close());
  const ctx: SandboxContext = {
    publicUrl: () => opts.publicUrl().replace(/\/+$/, ''),
    paypalWebhookUrl: opts.paypalWebhookUrl,
    xsollaWebhookUrl: opts.xsollaWebhookUrl,
    webhooks,
  };
  // Fault injection, unsigned like the other sandbox controls: {dropWebhooks: true} loses every webhook until switched off.
  app.post('/control', async (request, reply) => {
    const body = request.body as { dropWebhooks?: unknown } | undefined;
    if (typeof body?.dropWebhooks !== 'boolean') return reply.code(400).send({ error: 'expected {"dropWebhooks": true | false}' });
    webhooks.dropping = body.dropWebhooks;
    return { dropWebhooks: webhooks.dropping };
  });
  app.get('/', async (_request, reply) =>
    sendPage(reply, 200, {
      provider: 'Sandbox',
      accent: '#344054',
      heading: 'Local stand-ins for the outside world',
      rows: [
        ['PayPal (Orders v2)', `${ctx.publicUrl()}/paypal`],
        ['Xsolla (Pay Station)', `${ctx.publicUrl()}/xsolla`],
        ['PayerMax (hosted checkout)', `${ctx.publicUrl()}/payermax/aggregate-pay/api/gateway`],
        ['Outbox (SMS and e-mail)', `${ctx.publicUrl()}/outbox`],
        ['Game servers (roles, deliveries)', `${ctx.publicUrl()}/game-server`],
        ["Publisher's website (terms, privacy, refund, contact)", `${ctx.publicUrl()}/publisher/terms`],
        ['GeeTest v4 (captcha)', `${ctx.publicUrl()}/geetest/v4/gt4.js`],
      ],
      message: { text: 'Checkout pages offer Pay, Decline and Cancel; webhooks go to the shop as the real providers send them.', tone: 'info' },
    }),
  );
  await app.register(paypalPlugin, { prefix: '/paypal', ...ctx });
  await app.register(xsollaPlugin, { prefix: '/xsolla', ...ctx });
  await app.register(payermaxPlugin, { prefix: '/payermax', ...ctx });
  await app.register(outboxPlugin);
  await app.register(gameServerPlugin, { shopApiUrl: () => opts.shopApiUrl });
  await app.register(publisherPlugin);
  await app.register(geetestPlugin, { prefix: '/geetest' });
}

/**
 * Local stand-ins for PayPal, Xsolla and PayerMax. The server mounts it with
 * app.register(sandboxPlugin, { prefix: '/sandbox', ...opts }); all state lives in memory per registration.
 */
export default async function sandboxPlugin(app: FastifyInstance, opts: SandboxOptions): Promise<void> {
  requireHttpUrl('publicUrl', opts.publicUrl);
  await registerSandbox(app, { ...opts, publicUrl: () => opts.publicUrl });
}
