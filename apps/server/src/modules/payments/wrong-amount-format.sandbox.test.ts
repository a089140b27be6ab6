import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandboxProviders, type SandboxProviders } from '../../../test/sandbox-providers.ts';
import type { PaymentProviders } from './provider-registry.ts';

/**
 * The stand-ins catch an adapter that formats amounts wrongly: each provider's formatter is replaced by one that treats
 * every currency as having two decimals (1999 JPY becomes 19.99), and the stand-in refuses the payment as the real
 * provider would. The currency lists are kept, so only the amount is wrong.
 */
// The factories run before this file's own bindings exist (vi.mock is hoisted), so each imports what it uses.
vi.mock('./paypal/paypal-currencies.ts', async (importOriginal) => {
  const { minorToDecimalString } = await import('../../shared/money.ts');
  return {
    ...(await importOriginal<typeof import('./paypal/paypal-currencies.ts')>()),
    paypalValue: (amountMinor: number) => minorToDecimalString(amountMinor, 'USD'),
  };
});
vi.mock('./xsolla/xsolla-currencies.ts', async (importOriginal) => {
  const { minorToMajorNumber } = await import('../../shared/money.ts');
  return {
    ...(await importOriginal<typeof import('./xsolla/xsolla-currencies.ts')>()),
    xsollaAmount: (amountMinor: number) => minorToMajorNumber(amountMinor, 'USD'),
  };
});
vi.mock('./payermax/payermax-currencies.ts', async (importOriginal) => {
  const { minorToMajorNumber } = await import('../../shared/money.ts');
  return {
    ...(await importOriginal<typeof import('./payermax/payermax-currencies.ts')>()),
    payermaxAmount: (amountMinor: number) => minorToMajorNumber(amountMinor, 'USD'),
  };
});

let env: SandboxProviders;
let providers: PaymentProviders;

beforeAll(async () => {
  env = await startSandboxProviders();
  providers = env.build().providers;
});
afterAll(() => env?.close());

describe('an adapter that sends 1999 JPY as 19.99', () => {
  it('is refused by the PayPal stand-in with DECIMALS_NOT_SUPPORTED', async () => {
    const error = await providers.get('paypal').open(env.paymentToOpen(1999, 'JPY')).catch((e: unknown) => e);
    expect(error).toMatchObject({ provider: 'paypal', kind: 'rejected', status: 422, issue: 'DECIMALS_NOT_SUPPORTED' });
  });

  it('is refused by the Xsolla stand-in with a 422 naming purchase.checkout.amount', async () => {
    const error = await providers.get('xsolla').open(env.paymentToOpen(1999, 'JPY')).catch((e: unknown) => e);
    expect(error).toMatchObject({ provider: 'xsolla', kind: 'rejected', status: 422 });
    expect(error).toMatchObject({ detail: { message: 'Invalid purchase.checkout.amount' } });
  });

  it('is refused by the PayerMax stand-in with AMOUNT_INVALID, and no cashier opens', async () => {
    const opened = await providers.get('payermax').open(env.paymentToOpen(1999, 'JPY'));
    expect(JSON.parse(opened.clientAnswer)).toMatchObject({ code: 'AMOUNT_INVALID' });
    expect(opened.sessionId).toBeUndefined();
  });

  it('still passes in a two-decimal currency, so the refusals above are about the amount', async () => {
    const opened = await providers.get('payermax').open(env.paymentToOpen(499, 'EUR'));
    expect(JSON.parse(opened.clientAnswer)).toMatchObject({ code: 'APPLY_SUCCESS' });
  });
});
