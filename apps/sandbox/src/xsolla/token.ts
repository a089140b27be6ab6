import type { FastifyInstance } from 'fastify';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { isObject, parseJsonObject, rawBody, type JsonObject } from '../shared/body.ts';
import { alnum } from '../shared/ids.ts';
import { isCurrencyCode, isoMinorDigits, positiveAmount } from '../shared/money.ts';
import { parseHttpUrl } from '../shared/urls.ts';
import { requireMerchant } from './auth.ts';
import { isXsollaCurrency } from './currencies.ts';
import { invalidParameter, unprocessable, XsollaError } from './errors.ts';
import { TOKEN_TTL_MS, type PaySession, type XsollaStore } from './store.ts';

/** Reads `{value}` wrappers such as user.id.value; undefined when absent. */
function wrapped(obj: JsonObject, key: string, path: string, pattern?: RegExp): string | undefined {
  const holder = obj[key];
  if (holder === undefined) return undefined;
  if (!isObject(holder) || typeof holder.value !== 'string' || holder.value === '' || (pattern && !pattern.test(holder.value))) {
    throw unprocessable(`Invalid ${path}.${key}.value`);
  }
  return holder.value;
}

function optionalString(obj: JsonObject, key: string, path: string, maxLength: number): string | undefined {
  const value = obj[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '' || value.length > maxLength) throw unprocessable(`Invalid ${path}.${key}`);
  return value;
}

/** The token request body as the stand-in supports it: a simple checkout (purchase.checkout). */
function parseTokenRequest(body: JsonObject): Omit<PaySession, 'token' | 'expiresAt'> {
  const { user, settings, purchase, custom_parameters: customParameters } = body;
  if (!isObject(user)) throw unprocessable('user is required');
  const userId = wrapped(user, 'id', 'user');
  if (userId === undefined) throw unprocessable('user.id.value is required');
  if (!isObject(settings)) throw unprocessable('settings is required');
  const projectId = settings.project_id;
  const projectMatches =
    (typeof projectId === 'number' || typeof projectId === 'string') && String(projectId) === SANDBOX_CREDENTIALS.xsolla.projectId;
  if (!projectMatches) throw unprocessable(`Project ${JSON.stringify(projectId)} does not belong to this merchant`);
  if (settings.mode !== undefined && settings.mode !== 'sandbox') throw unprocessable('settings.mode must be "sandbox"');
  const currency = settings.currency;
  if (currency !== undefined && !isCurrencyCode(currency)) throw unprocessable('Invalid settings.currency');
  let returnUrl: string | undefined;
  if (settings.return_url !== undefined) {
    const url = parseHttpUrl(settings.return_url);
    if (!url) throw unprocessable('Invalid settings.return_url');
    returnUrl = url.toString();
  }
  if (!isObject(purchase) || !isObject(purchase.checkout)) {
    throw unprocessable('purchase.checkout is required (the sandbox supports simple checkout only)');
  }
  const checkoutCurrency = purchase.checkout.currency;
  if (!isCurrencyCode(checkoutCurrency)) throw unprocessable('Invalid purchase.checkout.currency');
  if (!isXsollaCurrency(checkoutCurrency)) {
    throw invalidParameter('purchase.checkout.currency', `Currency ${checkoutCurrency} is not supported`);
  }
  if (currency !== undefined && currency !== checkoutCurrency) {
    throw unprocessable('settings.currency and purchase.checkout.currency differ');
  }
  // A JSON number in major units with at most the currency's ISO 4217 digits: 19.99 JPY or 1.4901 KWD is refused.
  const digits = isoMinorDigits(checkoutCurrency);
  const rawAmount = purchase.checkout.amount;
  const amount = typeof rawAmount === 'number' ? positiveAmount(rawAmount, digits) : null;
  if (amount === null) {
    throw invalidParameter(
      'purchase.checkout.amount',
      `Must be a positive number with at most ${digits} decimal places for ${checkoutCurrency}`,
    );
  }
  if (customParameters !== undefined && !isObject(customParameters)) throw unprocessable('Invalid custom_parameters');
  return {
    user: {
      id: userId,
      email: wrapped(user, 'email', 'user', /^[^\s@]+@[^\s@]+$/),
      country: wrapped(user, 'country', 'user', /^[A-Z]{2}$/),
      name: wrapped(user, 'name', 'user'),
    },
    externalId: optionalString(settings, 'external_id', 'settings', 255),
    language: optionalString(settings, 'language', 'settings', 5),
    returnUrl,
    sandboxMode: settings.mode === 'sandbox',
    amount,
    currency: checkoutCurrency,
    description: isObject(purchase.description) ? optionalString(purchase.description, 'value', 'purchase.description', 1000) : undefined,
    customParameters,
  };
}

/** POST /merchant/v2/merchants/:merchantId/token -> {token}. */
export function tokenRoute(app: FastifyInstance, store: XsollaStore): void {
  app.post<{ Params: { merchantId: string } }>(
    '/merchant/v2/merchants/:merchantId/token',
    { preHandler: requireMerchant },
    async (request) => {
      const body = parseJsonObject(rawBody(request));
      if (!body) throw new XsollaError(400, 'Request body is not valid JSON');
      const input = parseTokenRequest(body);
      if (input.externalId !== undefined && store.paidTransaction(input.externalId)) {
        throw unprocessable(`external_id ${input.externalId} has already been paid`);
      }
      const token = alnum(32);
      store.sessions.set(token, { ...input, token, expiresAt: Date.now() + TOKEN_TTL_MS });
      return { token };
    },
  );
}
