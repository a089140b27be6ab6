import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import type { PaymentProvider, WebhookOutcome } from './payment-provider.ts';
import { ProviderError } from './provider-error.ts';
import { AmountMismatchError, DuplicatePaymentError, UnknownOrderError } from './settlement.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/**
 * One webhook route per provider (`/api/webhooks/<provider>`): the provider verifies the delivery on its raw bytes and
 * reads it into facts, the settlement applies them, and the provider words the reply. Signatures are checked before
 * anything is parsed, so this plugin keeps its own JSON parser that stores the raw text.
 */
export async function webhookRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string', bodyLimit: 256 * 1024 }, (request, body, done) => {
    request.rawBody = body as string;
    done(null, undefined);
  });
  for (const name of services.providers.names()) {
    const provider = services.providers.get(name);
    app.post(`/api/webhooks/${name}`, { schema: { hide: true } }, (request, reply) => receiveWebhook(services, provider, request, reply));
  }
}

async function receiveWebhook({ settlement, users }: Services, provider: PaymentProvider, request: FastifyRequest, reply: FastifyReply) {
  const parsed = await provider.parseWebhook({ rawBody: request.rawBody ?? '', headers: request.headers });
  if ('refuse' in parsed) return reply.status(parsed.refuse.status).send(parsed.refuse.body);
  let outcome: WebhookOutcome = 'accepted';
  try {
    for (const fact of parsed.facts) {
      if (fact.kind === 'player-check') {
        outcome = (await users.find(fact.userId)) ? 'player-exists' : 'unknown-player';
        continue;
      }
      const settled = await settlement.apply(provider.name, fact);
      request.log.info({ provider: provider.name, fact: fact.kind, outcome: settled }, 'webhook applied');
    }
  } catch (error) {
    outcome = refusalOf(error);
    if (outcome === 'second-payment-refused') request.log.warn({ provider: provider.name }, 'payment refused: the order is already paid');
  }
  const answer = provider.webhookReply(outcome);
  return reply.status(answer.status).send(answer.body);
}

/** What the settlement's refusals mean for the provider's reply; anything else is a fault of ours (500, the provider retries). */
function refusalOf(error: unknown): WebhookOutcome {
  if (error instanceof UnknownOrderError) return 'unknown-order';
  if (error instanceof AmountMismatchError || error instanceof RangeError) return 'amount-mismatch';
  if (error instanceof DuplicatePaymentError) return 'second-payment-refused';
  if (error instanceof ProviderError) return 'provider-unavailable';
  throw error;
}
