import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { parseJsonObject, rawBody, type JsonObject } from '../shared/body.ts';
import { invalidRequest, malformedJson, resourceNotFound, validationError } from './errors.ts';
import type { PayPalSandbox } from './service.ts';
import { AUTH_ALGO, verifyTransmission } from './signing.ts';
import { parseCreateOrder, parseRefund } from './validate.ts';

/** The bearer-protected REST API: Orders v2, Payments v2 and the webhook notification calls. */

type IdParams = { Params: { id: string } };

function jsonBody(request: FastifyRequest): JsonObject {
  const text = rawBody(request);
  if (text.trim() === '') return {};
  const body = parseJsonObject(text);
  if (!body) throw malformedJson();
  return body;
}

/** PayPal-Request-Id: the idempotency key, 1 to 108 characters. */
function requestId(request: FastifyRequest): string | undefined {
  const value = request.headers['paypal-request-id'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length < 1 || value.length > 108) {
    throw invalidRequest({
      field: 'PayPal-Request-Id',
      location: 'header',
      issue: 'INVALID_STRING_LENGTH',
      description: 'The value of PayPal-Request-Id must be 1 to 108 characters long.',
    });
  }
  return value;
}

const prefersRepresentation = (request: FastifyRequest): boolean =>
  /return=representation/i.test(String(request.headers.prefer ?? ''));

export function apiRoutes(app: FastifyInstance, sandbox: PayPalSandbox): void {
  const { store } = sandbox;

  app.post('/v2/checkout/orders', async (request, reply) => {
    const key = requestId(request);
    const render = prefersRepresentation(request)
      ? (id: string) => sandbox.orderJson(sandbox.order(id))
      : (id: string) => sandbox.orderMinimalJson(sandbox.order(id));
    // A repeat of a request id answers with the order the first request created, and 200 instead of 201.
    const earlier = key && store.recall(`create:${key}`);
    if (earlier) return reply.code(200).send(render(earlier));
    const order = sandbox.createOrder(parseCreateOrder(jsonBody(request)));
    if (key) store.remember(`create:${key}`, order.id);
    return reply.code(201).send(render(order.id));
  });

  app.get<IdParams>('/v2/checkout/orders/:id', async (request) => sandbox.orderJson(sandbox.order(request.params.id)));

  app.post<IdParams>('/v2/checkout/orders/:id/capture', async (request, reply) => {
    const order = sandbox.order(request.params.id);
    const key = requestId(request);
    const memoryKey = key && `capture:${order.id}:${key}`;
    if (memoryKey && store.recall(memoryKey)) return reply.code(200).send(sandbox.orderJson(order));
    jsonBody(request); // the body may be empty or {}; PayPal still rejects malformed JSON
    sandbox.captureOrder(order);
    if (memoryKey) store.remember(memoryKey, order.id);
    return reply.code(201).send(sandbox.orderJson(order));
  });

  app.get<IdParams>('/v2/payments/captures/:id', async (request) => sandbox.captureJson(sandbox.capture(request.params.id)));

  app.post<IdParams>('/v2/payments/captures/:id/refund', async (request, reply) => {
    const capture = sandbox.capture(request.params.id);
    const key = requestId(request);
    const memoryKey = key && `refund:${capture.id}:${key}`;
    const earlier = memoryKey && store.recall(memoryKey);
    if (earlier) return reply.code(200).send(sandbox.refundJson(sandbox.refund(earlier)));
    const refund = sandbox.refundCapture(capture, parseRefund(jsonBody(request)));
    if (memoryKey) store.remember(memoryKey, refund.id);
    return reply.code(201).send(sandbox.refundJson(refund));
  });

  app.get<IdParams>('/v2/payments/refunds/:id', async (request) => sandbox.refundJson(sandbox.refund(request.params.id)));

  app.get<IdParams>('/v1/notifications/webhooks-events/:id', async (request) => {
    const event = store.events.get(request.params.id);
    if (!event) throw resourceNotFound('event_id', request.params.id);
    return event;
  });

  app.post('/v1/notifications/verify-webhook-signature', async (request) => {
    const body = jsonBody(request);
    const read = (field: string): string => {
      const value = body[field];
      if (typeof value !== 'string' || value === '') throw validationError(field);
      return value;
    };
    const authAlgo = read('auth_algo');
    const certUrl = read('cert_url');
    const transmission = {
      transmissionId: read('transmission_id'),
      signature: read('transmission_sig'),
      transmissionTime: read('transmission_time'),
      webhookId: read('webhook_id'),
    };
    if (body.webhook_event === undefined || body.webhook_event === null) throw validationError('webhook_event');
    // The shop sends back the event it parsed. Events are sent as JSON.stringify(event), so re-serialising
    // reproduces the signed bytes exactly when the event is unchanged.
    const eventText = JSON.stringify(body.webhook_event);
    const verified =
      authAlgo === AUTH_ALGO &&
      certUrl === sandbox.certUrl() &&
      transmission.webhookId === SANDBOX_CREDENTIALS.paypal.webhookId &&
      verifyTransmission({ ...transmission, body: eventText });
    return { verification_status: verified ? 'SUCCESS' : 'FAILURE' };
  });
}
