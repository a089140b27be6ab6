import type { FastifyInstance, FastifyReply } from 'fastify';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { isObject, parseJsonObject, rawBody, type JsonObject } from '../shared/body.ts';
import { fail, type Answer, type PayerMaxSandbox } from './service.ts';
import { merchantSignatureValid, platformSign } from './signing.ts';

/**
 * The gateway, POST {gateway}/{apiName}: a signed JSON envelope {version, keyVersion, requestTime, appId,
 * merchantNo, data}. Every answer is HTTP 200 with {code, msg, data} and a `sign` header over the exact body.
 */

const REQUEST_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/;
const MAX_CLOCK_SKEW_MS = 2 * 60 * 1000;

export function sendSigned(reply: FastifyReply, answer: Answer): FastifyReply {
  const body = JSON.stringify(answer);
  return reply.code(200).type('application/json').header('sign', platformSign(body)).send(body);
}

type Opened = { data: JsonObject } | { refusal: Answer };

/** Checks the envelope in PayerMax's order: who is calling, their signature, then the fields. */
function openEnvelope(raw: string, signature: unknown): Opened {
  const refuse = (code: string, msg: string): Opened => ({ refusal: fail(code, msg) });
  const envelope = parseJsonObject(raw);
  if (!envelope) return refuse('PARAMS_INVALID', 'The request body is not a JSON object.');
  const { appId, merchantNo } = SANDBOX_CREDENTIALS.payermax;
  if (envelope.appId !== appId) return refuse('MERCHANT_APP_INVALID', 'Signature key is not configured.');
  if (typeof signature !== 'string' || !merchantSignatureValid(raw, signature)) {
    return refuse('SIGN_VERIFY_FAILED', 'The signature verify failed.');
  }
  if (envelope.merchantNo !== merchantNo) return refuse('MERCHANT_INVALID', 'The merchant has been offline.');
  if (envelope.version !== '1.4') return refuse('PARAMS_INVALID', 'version is invalid, it must be 1.4.');
  if (envelope.keyVersion !== '1') return refuse('PARAMS_INVALID', 'keyVersion is invalid, it must be 1.');
  const { requestTime } = envelope;
  if (typeof requestTime !== 'string' || !REQUEST_TIME.test(requestTime)) {
    return refuse('PARAMS_INVALID', 'requestTime is invalid, it must be RFC 3339 with milliseconds.');
  }
  if (Math.abs(Date.now() - Date.parse(requestTime)) > MAX_CLOCK_SKEW_MS) {
    return refuse('REQ_TIME_OVER_TIME', 'requestTime effective in two minutes');
  }
  if (!isObject(envelope.data)) return refuse('PARAMS_INVALID', 'data is invalid,because data is null.');
  return { data: envelope.data };
}

export function gatewayRoutes(app: FastifyInstance, sandbox: PayerMaxSandbox): void {
  const apis: Record<string, (data: JsonObject) => Answer> = {
    orderAndPay: (data) => sandbox.orderAndPay(data),
    orderQuery: (data) => sandbox.orderQuery(data),
    refund: (data) => sandbox.refund(data),
  };
  for (const [apiName, handle] of Object.entries(apis)) {
    app.post(`/aggregate-pay/api/gateway/${apiName}`, async (request, reply) => {
      const opened = openEnvelope(rawBody(request), request.headers.sign);
      return sendSigned(reply, 'refusal' in opened ? opened.refusal : handle(opened.data));
    });
  }
}
