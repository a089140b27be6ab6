import type { ProviderName } from './payment-provider.ts';

/**
 * - `timeout`, `network`: no answer; the provider may or may not have acted.
 * - `http`: a 5xx (or 408/429) or an answer we cannot read; the outcome is just as unknown.
 * - `rejected`: the provider answered and refused (4xx, a business error code, a bad response signature).
 */
export type ProviderErrorKind = 'timeout' | 'network' | 'http' | 'rejected';

export interface ProviderErrorDetails {
  status?: number;
  /** The provider's error body (or the part worth logging); `{ message }` when the provider gave a readable message. */
  detail?: unknown;
  /** The provider's machine-readable reason, e.g. PayPal's INSTRUMENT_DECLINED or PayerMax's ORDER_REPEAT. */
  issue?: string;
  cause?: unknown;
}

/** The one error every payment adapter throws, so callers decide "retry later" vs "tell the player" in one place. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly status?: number;
  readonly detail?: unknown;
  readonly issue?: string;

  constructor(
    readonly provider: ProviderName,
    readonly kind: ProviderErrorKind,
    message: string,
    details: ProviderErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.detail = details.detail;
    this.issue = details.issue;
  }

  /**
   * True when the call may have taken effect at the provider: keep the order as it is and let reconciliation (or a
   * retry with the same idempotency key) find out, never mark it failed.
   */
  get outcomeUnknown(): boolean {
    return this.kind !== 'rejected';
  }

  /** The provider's human-readable message, when it sent one (Xsolla's token errors, PayerMax's `msg`). */
  get providerMessage(): string | undefined {
    const detail = this.detail;
    if (detail && typeof detail === 'object' && 'message' in detail && typeof detail.message === 'string') {
      return detail.message;
    }
    return undefined;
  }
}

/** The issue of the refusal an adapter raises, before calling its provider, for a currency the provider cannot charge. */
export const CURRENCY_NOT_SUPPORTED = 'CURRENCY_NOT_SUPPORTED';

/**
 * A payment or refund in a currency the provider does not list: refused here ('rejected', nothing was sent), so the
 * player is told at once instead of after a round trip the provider would refuse anyway.
 */
export function currencyNotChargeable(provider: ProviderName, currency: string): ProviderError {
  return new ProviderError(provider, 'rejected', `${provider} cannot charge ${currency}`, {
    issue: CURRENCY_NOT_SUPPORTED,
    detail: { currency },
  });
}
