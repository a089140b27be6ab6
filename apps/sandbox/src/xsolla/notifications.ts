import { createHash } from 'node:crypto';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { parseJsonObject, isObject } from '../shared/body.ts';
import type { SandboxContext } from '../shared/context.ts';
import type { Attempt, AttemptStatus, Verdict } from '../shared/webhooks.ts';
import type { PaySession, Transaction } from './store.ts';

/**
 * Xsolla's webhooks: JSON bodies with `Authorization: Signature <hex>`, hex being the lower-case SHA-1 of the
 * raw body followed by the project secret key (a plain hash of the concatenation, not an HMAC).
 */

const { projectId, merchantId, secretKey } = SANDBOX_CREDENTIALS.xsolla;

export function signature(body: string): string {
  return createHash('sha1').update(body + secretKey, 'utf8').digest('hex');
}

const settings = () => ({ project_id: Number(projectId), merchant_id: Number(merchantId) });

/** The Pay Station asks the buyer for what the token did not carry; the stand-in fills in sandbox values. */
function userJson(session: PaySession) {
  const { id, email, country, name } = session.user;
  return { id, email: email ?? 'buyer@sandbox.example', country: country ?? 'US', name };
}

function money(session: PaySession, amount: string) {
  return { currency: session.currency, amount: Number(amount) };
}

function transactionJson(tx: Transaction) {
  return {
    id: tx.id,
    external_id: tx.session.externalId,
    dry_run: tx.session.sandboxMode ? 1 : 0,
    agreement: 1,
    payment_date: tx.paymentDate,
    payment_method: 1380,
  };
}

function paymentDetails(session: PaySession) {
  const zero = money(session, '0');
  return {
    payment: money(session, session.amount),
    payout: money(session, session.amount),
    payout_currency_rate: 1,
    xsolla_fee: zero,
    payment_method_fee: zero,
    vat: zero,
    sales_tax: zero,
  };
}

export function userValidationBody(session: PaySession) {
  return { notification_type: 'user_validation', settings: settings(), user: userJson(session) };
}

export function paymentBody(tx: Transaction) {
  const { session } = tx;
  const total = money(session, session.amount);
  return {
    notification_type: 'payment',
    settings: settings(),
    purchase: { checkout: total, total },
    user: userJson(session),
    transaction: transactionJson(tx),
    payment_details: paymentDetails(session),
    custom_parameters: session.customParameters,
  };
}

export function refundBody(tx: Transaction, reason: string) {
  const { session } = tx;
  const total = money(session, session.amount);
  return {
    notification_type: 'refund',
    settings: settings(),
    purchase: { checkout: total, total },
    user: userJson(session),
    transaction: transactionJson(tx),
    payment_details: paymentDetails(session),
    custom_parameters: session.customParameters,
    refund_details: { code: 1, reason, author: 'merchant' },
  };
}

const is2xx = (status: AttemptStatus) => typeof status === 'number' && status >= 200 && status < 300;

/** The shop's error code from a `{error: {code, message}}` answer. */
function errorCode(responseBody: string): unknown {
  const body = parseJsonObject(responseBody);
  return body && isObject(body.error) ? body.error.code : undefined;
}

/** user_validation is asked once: anything but 2xx means the user may not pay. */
export const userValidationJudge = (status: AttemptStatus): Verdict => (is2xx(status) ? 'delivered' : 'rejected');

/** payment and refund are redelivered until accepted, except when the shop says the user does not exist. */
export function paymentJudge(status: AttemptStatus, responseBody: string): Verdict {
  if (is2xx(status)) return 'delivered';
  if (status === 400 && errorCode(responseBody) === 'INVALID_USER') return 'rejected';
  return 'retry';
}

export function sendNotification(
  ctx: SandboxContext,
  payload: object,
  judge: (status: AttemptStatus, responseBody: string) => Verdict,
  onSettled?: (last: Attempt) => void,
): Promise<Attempt> {
  const body = JSON.stringify(payload);
  const authorization = `Signature ${signature(body)}`;
  return ctx.webhooks.send({
    provider: 'xsolla',
    url: ctx.xsollaWebhookUrl,
    body,
    headers: () => ({ authorization }),
    judge,
    onSettled,
  });
}
