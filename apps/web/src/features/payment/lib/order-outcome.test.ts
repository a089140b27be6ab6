import { describe, expect, it } from 'vitest';
import { pollUntilSettled, providerSaysCancelled, providerSaysNotPaid } from './order-outcome';

function clock() {
  let now = 0;
  return { now: () => now, sleep: async (ms: number) => void (now += ms) };
}

describe('pollUntilSettled', () => {
  it('asks until the status leaves 0/1', async () => {
    const statuses = [0, 1, 1, 2];
    let calls = 0;
    const { now, sleep } = clock();
    const result = await pollUntilSettled({ load: async () => statuses[calls++]!, statusOf: (s) => s, now, sleep });
    expect(result).toEqual({ value: 2, settled: true });
    expect(calls).toBe(4);
  });

  it('stops after about 30 s and retries failed look-ups', async () => {
    let calls = 0;
    const { now, sleep } = clock();
    const result = await pollUntilSettled({
      load: async () => {
        calls += 1;
        if (calls % 2) throw new Error('offline');
        return 1;
      },
      statusOf: (s) => s,
      now,
      sleep,
    });
    expect(result).toEqual({ value: 1, settled: false });
    expect(calls).toBe(21); // at 0, 1.5, ... 30 s
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await pollUntilSettled({ load: async () => 0, statusOf: (s) => s, signal: controller.signal });
    expect(result).toEqual({ value: undefined, settled: false });
  });
});

describe('providerSaysNotPaid', () => {
  it('reads PayerMax non-success statuses as a hint, and nothing else', () => {
    expect(providerSaysNotPaid('payermax', new URLSearchParams('status=CANCEL'))).toBe(true);
    expect(providerSaysNotPaid('payermax', new URLSearchParams('status=failed'))).toBe(true);
    expect(providerSaysNotPaid('payermax', new URLSearchParams('status=SUCCESS'))).toBe(false);
    expect(providerSaysNotPaid('payermax', new URLSearchParams(''))).toBe(false);
    expect(providerSaysNotPaid('paypal', new URLSearchParams('status=CANCEL'))).toBe(false);
  });
});

describe('providerSaysCancelled', () => {
  it('reads only PayerMax CANCEL (any spelling, any case) as the player leaving the checkout', () => {
    for (const status of ['CANCEL', 'cancelled', ' Canceled ']) expect(providerSaysCancelled('payermax', new URLSearchParams({ status }))).toBe(true);
    for (const status of ['FAILED', 'CLOSED', 'SUCCESS', '']) expect(providerSaysCancelled('payermax', new URLSearchParams({ status }))).toBe(false);
    expect(providerSaysCancelled('paypal', new URLSearchParams('status=CANCEL'))).toBe(false);
  });
});
