import { isObject, type JsonObject } from '../shared/body.ts';
import { fractionDigits, toMinor } from '../shared/money.ts';
import { parseHttpUrl } from '../shared/urls.ts';
import { isPayPalCurrency, payPalDigits } from './currencies.ts';
import { invalidRequest, unprocessable } from './errors.ts';
import type { ExperienceContext, Money, PurchaseUnit } from './store.ts';

/** Checks request bodies the way PayPal does, answering with PayPal's issue codes. */

const missing = (field: string) =>
  invalidRequest({ field, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' });

const badSyntax = (field: string, value: unknown) =>
  invalidRequest({
    field,
    value: typeof value === 'string' ? value : JSON.stringify(value),
    location: 'body',
    issue: 'INVALID_PARAMETER_SYNTAX',
    description: 'The value of a field does not conform to the expected format.',
  });

function optionalString(obj: JsonObject, key: string, path: string, maxLength: number): string | undefined {
  const value = obj[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badSyntax(`${path}/${key}`, value);
  if (value.length < 1 || value.length > maxLength) {
    throw invalidRequest({
      field: `${path}/${key}`,
      value,
      location: 'body',
      issue: 'INVALID_STRING_LENGTH',
      description: `The value of a field is either too short or too long (1 to ${maxLength} characters).`,
    });
  }
  return value;
}

/** A money object: known currency, decimal string value with the currency's digits, greater than zero. */
function parseMoney(value: unknown, path: string): Money {
  if (!isObject(value)) throw missing(path);
  const currency = value.currency_code;
  const amount = value.value;
  if (currency === undefined) throw missing(`${path}/currency_code`);
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) throw badSyntax(`${path}/currency_code`, currency);
  if (amount === undefined) throw missing(`${path}/value`);
  if (typeof amount !== 'string') throw badSyntax(`${path}/value`, amount);
  const places = fractionDigits(amount);
  if (places === null) throw badSyntax(`${path}/value`, amount);
  if (!isPayPalCurrency(currency)) {
    throw unprocessable({
      field: `${path}/currency_code`,
      value: currency,
      location: 'body',
      issue: 'CURRENCY_NOT_SUPPORTED',
      description: 'Currency code is unsupported.',
    });
  }
  const digits = payPalDigits(currency);
  if (places > digits) {
    throw unprocessable({
      field: `${path}/value`,
      value: amount,
      location: 'body',
      issue: digits === 0 ? 'DECIMALS_NOT_SUPPORTED' : 'DECIMAL_PRECISION',
      description:
        digits === 0
          ? 'Currency does not support decimals.'
          : 'If the currency supports decimals, only two decimal place precision is supported.',
    });
  }
  if (toMinor(amount, digits) <= 0) {
    throw unprocessable({
      field: `${path}/value`,
      value: amount,
      location: 'body',
      issue: 'CANNOT_BE_ZERO_OR_NEGATIVE',
      description: 'Must be greater than zero.',
    });
  }
  return { currency_code: currency, value: amount };
}

function parseUnit(raw: unknown, index: number, unitCount: number): Omit<PurchaseUnit, 'captureIds'> {
  const path = `/purchase_units/${index}`;
  if (!isObject(raw)) throw badSyntax(path, raw);
  const referenceId = optionalString(raw, 'reference_id', path, 256);
  if (referenceId === undefined && unitCount > 1) {
    throw unprocessable({
      field: `${path}/reference_id`,
      location: 'body',
      issue: 'REFERENCE_ID_REQUIRED',
      description: "'reference_id' is required for each 'purchase_unit' if multiple 'purchase_unit' are provided.",
    });
  }
  return {
    reference_id: referenceId ?? 'default',
    amount: parseMoney(raw.amount, `${path}/amount`),
    custom_id: optionalString(raw, 'custom_id', path, 127),
    invoice_id: optionalString(raw, 'invoice_id', path, 127),
    description: optionalString(raw, 'description', path, 127),
  };
}

function parseUrl(obj: JsonObject, key: string, path: string): string | undefined {
  const value = obj[key];
  if (value === undefined) return undefined;
  const url = parseHttpUrl(value);
  if (!url) throw badSyntax(`${path}/${key}`, value);
  return url.toString();
}

/** The buyer experience: payment_source.paypal.experience_context, or the older application_context. */
function parseExperience(body: JsonObject): { experience: ExperienceContext; paypalSource: boolean } {
  const source = body.payment_source;
  let context: unknown = body.application_context;
  let path = '/application_context';
  let paypalSource = false;
  if (source !== undefined) {
    if (!isObject(source) || !isObject(source.paypal)) throw badSyntax('/payment_source', source);
    paypalSource = true;
    if (source.paypal.experience_context !== undefined) {
      context = source.paypal.experience_context;
      path = '/payment_source/paypal/experience_context';
    }
  }
  if (context === undefined) return { experience: {}, paypalSource };
  if (!isObject(context)) throw badSyntax(path, context);
  const userAction = context.user_action;
  if (userAction !== undefined && userAction !== 'PAY_NOW' && userAction !== 'CONTINUE') {
    throw invalidRequest({
      field: `${path}/user_action`,
      value: String(userAction),
      location: 'body',
      issue: 'INVALID_PARAMETER_VALUE',
      description: 'The value of a field is invalid.',
    });
  }
  return {
    paypalSource,
    experience: {
      returnUrl: parseUrl(context, 'return_url', path),
      cancelUrl: parseUrl(context, 'cancel_url', path),
      brandName: optionalString(context, 'brand_name', path, 127),
      locale: optionalString(context, 'locale', path, 10),
    },
  };
}

export interface CreateOrderInput {
  units: Array<Omit<PurchaseUnit, 'captureIds'>>;
  experience: ExperienceContext;
  paypalSource: boolean;
}

export function parseCreateOrder(body: JsonObject): CreateOrderInput {
  if (body.intent === undefined) throw missing('/intent');
  if (body.intent !== 'CAPTURE') {
    throw invalidRequest({
      field: '/intent',
      value: String(body.intent),
      location: 'body',
      issue: 'INVALID_PARAMETER_VALUE',
      description: 'The value of a field is invalid. The sandbox supports intent CAPTURE only.',
    });
  }
  const units = body.purchase_units;
  if (units === undefined || (Array.isArray(units) && units.length === 0)) throw missing('/purchase_units');
  if (!Array.isArray(units)) throw badSyntax('/purchase_units', units);
  if (units.length > 10) {
    throw invalidRequest({
      field: '/purchase_units',
      location: 'body',
      issue: 'INVALID_ARRAY_MAX_ITEMS',
      description: 'The number of items in an array parameter is too large (at most 10).',
    });
  }
  const parsed = units.map((unit, index) => parseUnit(unit, index, units.length));
  const seen = new Set<string>();
  for (const unit of parsed) {
    if (seen.has(unit.reference_id)) {
      throw unprocessable({
        field: '/purchase_units',
        location: 'body',
        issue: 'DUPLICATE_REFERENCE_ID',
        description: '`reference_id` must be unique if multiple `purchase_unit` are provided.',
      });
    }
    seen.add(unit.reference_id);
  }
  return { units: parsed, ...parseExperience(body) };
}

/** The optional refund body: {amount?, invoice_id?, custom_id?, note_to_payer?}. */
export function parseRefund(body: JsonObject): { amount?: Money; invoice_id?: string; custom_id?: string; note_to_payer?: string } {
  return {
    amount: body.amount === undefined ? undefined : parseMoney(body.amount, '/amount'),
    invoice_id: optionalString(body, 'invoice_id', '', 127),
    custom_id: optionalString(body, 'custom_id', '', 127),
    note_to_payer: optionalString(body, 'note_to_payer', '', 255),
  };
}
