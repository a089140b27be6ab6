import { z } from 'zod';
import { normalizeLanguage } from '@shop/contract/languages';
import type { XsollaConfig } from '../../../config.ts';
import { decimalToMinor } from '../../../shared/money.ts';
import { ProviderError } from '../provider-error.ts';
import { xsollaAmount } from './xsolla-currencies.ts';
import {
  basicAuth,
  errorKindForStatus,
  isSuccess,
  joinUrl,
  parseJsonBody,
  safeJsonParse,
  sendRequest,
  type ProviderClientOptions,
  type ProviderResponse,
  undiciRequest,
  type ProviderFetch,
} from '../provider-http.ts';

const TokenResponse = z.looseObject({ token: z.string().min(1) });

const ErrorBody = z.looseObject({
  http_status_code: z.number().optional(),
  message: z.string().optional(),
  extended_message: z.unknown().optional(),
  request_id: z.string().optional(),
});

const TransactionRecord = z.looseObject({
  transaction: z.looseObject({
    id: z.number().int(),
    external_id: z.union([z.string(), z.number()]).nullish(),
    status: z.string(),
  }),
  payment_details: z
    .looseObject({
      payment: z.looseObject({ amount: z.union([z.number(), z.string()]), currency: z.string() }).nullish(),
    })
    .nullish(),
});
const TransactionList = z.array(TransactionRecord);

/** Xsolla's Pay Station language codes differ from ours only for Chinese. */
const XSOLLA_LANGUAGES: Record<string, string> = { zh: 'cn', zh_TW: 'tw' };

export interface XsollaTokenInput {
  /** Our order number; sent as external_id, which Xsolla echoes in every webhook and uses to refuse duplicates. */
  orderSn: string;
  userId: string;
  email?: string;
  /** ISO 3166-1 alpha-2; the player may not change it on the pay page. */
  country: string;
  currency: string;
  amountMinor: number;
  /** Our language code; the pay page follows the browser when it is not one of ours. */
  language: string;
  description: string;
  returnUrl: string;
  customParameters?: Record<string, string | number | boolean>;
}

export interface XsollaTransaction {
  id: number;
  externalId?: string;
  /** Xsolla's status, e.g. "done", "canceled", "refunded". */
  status: string;
  /** payment_details.payment: what the player paid, in the currency they paid in. */
  amountMinor?: number;
  currency?: string;
}

/** Xsolla Pay Station server API (token, refund, transaction search) for the merchant in `config`. */
export class XsollaClient {
  private readonly fetch: ProviderFetch;

  constructor(
    private readonly config: XsollaConfig,
    options: Pick<ProviderClientOptions, 'fetch'> = {},
  ) {
    this.fetch = options.fetch ?? undiciRequest;
  }

  /** Creates a Pay Station token (valid 24 h). A refusal keeps Xsolla's message in `error.providerMessage`. */
  async createToken(input: XsollaTokenInput): Promise<{ token: string }> {
    const language = normalizeLanguage(input.language);
    const body = {
      user: {
        id: { value: input.userId },
        ...(input.email && { email: { value: input.email } }),
        country: { value: input.country, allow_modify: false },
      },
      settings: {
        project_id: Number(this.config.projectId),
        currency: input.currency,
        ...(language && { language: XSOLLA_LANGUAGES[language] ?? language }),
        external_id: input.orderSn,
        return_url: input.returnUrl,
        // Xsolla's test mode; the field is left out entirely for live payments.
        ...(this.config.sandbox && { mode: 'sandbox' }),
        ui: { size: 'medium' },
      },
      purchase: {
        checkout: { amount: xsollaAmount(input.amountMinor, input.currency), currency: input.currency },
        description: { value: input.description },
      },
      ...(input.customParameters && { custom_parameters: input.customParameters }),
    };
    const response = await this.request('POST', '/token', body);
    if (!isSuccess(response.status)) throw failure(response, 'create token');
    return { token: parseJsonBody('xsolla', response, TokenResponse, 'token').token };
  }

  /** The pay page for a token; keeps whatever path and query the configured URL has. */
  payStationUrl(token: string): string {
    const url = new URL(this.config.payStationUrl);
    url.searchParams.set('token', token);
    return url.toString();
  }

  /** Asks Xsolla to refund a transaction in full; the result arrives as a `refund` webhook. */
  async refund(transactionId: number | string, description: string): Promise<void> {
    const path = `/reports/transactions/${encodeURIComponent(String(transactionId))}/refund`;
    // PUT, as Xsolla's API reference ("Request refund") defines it; it answers 204 or 200 with a message.
    const response = await this.request('PUT', path, { description });
    if (!isSuccess(response.status)) throw failure(response, 'refund');
  }

  /** Every transaction Xsolla has for our order number (reconciliation: did the player pay while we were not told?). */
  async findTransactions(externalId: string): Promise<XsollaTransaction[]> {
    const query = new URLSearchParams({ external_id: externalId, type: 'all' });
    const response = await this.request('GET', `/reports/transactions/search.json?${query}`);
    if (!isSuccess(response.status)) throw failure(response, 'search transactions');
    return parseJsonBody('xsolla', response, TransactionList, 'transaction list').map(toTransaction);
  }

  private request(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<ProviderResponse> {
    const merchantPath = `/merchant/v2/merchants/${encodeURIComponent(this.config.merchantId)}${path}`;
    return sendRequest('xsolla', this.fetch, joinUrl(this.config.apiBaseUrl, merchantPath), {
      method,
      headers: {
        accept: 'application/json',
        authorization: basicAuth(this.config.merchantId, this.config.apiKey),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}

function toTransaction(record: z.infer<typeof TransactionRecord>): XsollaTransaction {
  const { transaction } = record;
  const payment = record.payment_details?.payment ?? undefined;
  let amountMinor: number | undefined;
  if (payment) {
    try {
      amountMinor = decimalToMinor(payment.amount, payment.currency);
    } catch (error) {
      // MoneyFormatError, or a RangeError for a currency code Intl does not know.
      throw new ProviderError('xsolla', 'http', `Xsolla transaction ${transaction.id} has an unreadable amount`, {
        detail: payment,
        cause: error,
      });
    }
  }
  return {
    id: transaction.id,
    externalId: transaction.external_id == null ? undefined : String(transaction.external_id),
    status: transaction.status,
    amountMinor,
    currency: payment?.currency,
  };
}

/** Xsolla errors read `{http_status_code, message, request_id}`; the message is kept for the player-facing errorMessage. */
function failure(response: ProviderResponse, action: string): ProviderError {
  const parsed = ErrorBody.safeParse(safeJsonParse(response.text));
  const body = parsed.success ? parsed.data : undefined;
  const message = body?.message;
  return new ProviderError(
    'xsolla',
    errorKindForStatus(response.status),
    `Xsolla ${action} failed: HTTP ${response.status}${message ? ` ${message}` : ''}`,
    { status: response.status, detail: { message, body: body ?? response.text.slice(0, 2000) } },
  );
}
