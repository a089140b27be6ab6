import { describe, expect, it } from 'vitest';
import { CURRENCY_NOT_SUPPORTED, currencyNotChargeable, ProviderError } from './provider-error.ts';

describe('ProviderError', () => {
  it('says when the outcome is unknown', () => {
    expect(new ProviderError('paypal', 'timeout', 'x').outcomeUnknown).toBe(true);
    expect(new ProviderError('paypal', 'network', 'x').outcomeUnknown).toBe(true);
    expect(new ProviderError('paypal', 'http', 'x', { status: 503 }).outcomeUnknown).toBe(true);
    expect(new ProviderError('paypal', 'rejected', 'x', { status: 422 }).outcomeUnknown).toBe(false);
  });

  it('keeps status, issue, detail and cause', () => {
    const cause = new Error('socket hang up');
    const error = new ProviderError('xsolla', 'rejected', 'refused', {
      status: 422,
      issue: 'INVALID',
      detail: { message: 'Currency is not supported' },
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ProviderError', provider: 'xsolla', kind: 'rejected', status: 422, issue: 'INVALID' });
    expect(error.cause).toBe(cause);
    expect(error.providerMessage).toBe('Currency is not supported');
  });

  it('has no provider message unless the detail carries a string one', () => {
    expect(new ProviderError('payermax', 'http', 'x').providerMessage).toBeUndefined();
    expect(new ProviderError('payermax', 'http', 'x', { detail: 'text' }).providerMessage).toBeUndefined();
    expect(new ProviderError('payermax', 'http', 'x', { detail: { message: 3 } }).providerMessage).toBeUndefined();
  });

  it('refuses a currency the provider cannot charge as rejected, naming the currency', () => {
    const error = currencyNotChargeable('paypal', 'KRW');
    expect(error).toMatchObject({ provider: 'paypal', kind: 'rejected', issue: CURRENCY_NOT_SUPPORTED, detail: { currency: 'KRW' } });
    expect(error.outcomeUnknown).toBe(false);
    expect(error.message).toBe('paypal cannot charge KRW');
  });
});
