import { describe, expect, it } from 'vitest';
import { isFreshSignedTime, PAYERMAX_NOTIFY_MAX_AGE_MS, PAYPAL_TRANSMISSION_MAX_AGE_MS } from './signed-time.ts';

describe('signed webhook times', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();

  it('takes a time within the window, up to five minutes ahead of our clock', () => {
    expect(isFreshSignedTime(at(0), PAYPAL_TRANSMISSION_MAX_AGE_MS, now)).toBe(true);
    expect(isFreshSignedTime(at(-PAYPAL_TRANSMISSION_MAX_AGE_MS), PAYPAL_TRANSMISSION_MAX_AGE_MS, now)).toBe(true);
    expect(isFreshSignedTime(at(5 * 60_000), PAYPAL_TRANSMISSION_MAX_AGE_MS, now)).toBe(true);
    expect(isFreshSignedTime('2026-03-01T12:55:00+01:00', PAYPAL_TRANSMISSION_MAX_AGE_MS, now)).toBe(true);
  });

  it('refuses a time older than the window, too far ahead, or unreadable', () => {
    expect(isFreshSignedTime(at(-PAYPAL_TRANSMISSION_MAX_AGE_MS - 1), PAYPAL_TRANSMISSION_MAX_AGE_MS, now)).toBe(false);
    expect(isFreshSignedTime(at(5 * 60_000 + 1), PAYPAL_TRANSMISSION_MAX_AGE_MS, now)).toBe(false);
    expect(isFreshSignedTime('', PAYPAL_TRANSMISSION_MAX_AGE_MS, now)).toBe(false);
    expect(isFreshSignedTime('yesterday', PAYPAL_TRANSMISSION_MAX_AGE_MS, now)).toBe(false);
  });

  it("gives PayerMax a window longer than its retry schedule (0s/30s/5m/10m/1h/12h apart)", () => {
    const lastRetryMs = (30 + 300 + 600 + 3600 + 43_200) * 1000;
    expect(PAYERMAX_NOTIFY_MAX_AGE_MS).toBeGreaterThan(lastRetryMs);
    expect(isFreshSignedTime(at(-lastRetryMs), PAYERMAX_NOTIFY_MAX_AGE_MS, now)).toBe(true);
    expect(isFreshSignedTime(at(-3 * 86_400_000), PAYERMAX_NOTIFY_MAX_AGE_MS, now)).toBe(false);
  });
});
