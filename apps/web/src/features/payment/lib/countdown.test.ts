import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from './countdown';

describe('payment countdown', () => {
  it('counts the seconds to the expiry, never below 0', () => {
    const now = Date.parse('2026-11-22T08:00:00Z');
    expect(secondsLeft('2026-11-22T08:30:00Z', now)).toBe(1800);
    expect(secondsLeft('2026-11-22T08:00:00.400Z', now)).toBe(1);
    expect(secondsLeft('2026-11-22T07:59:00Z', now)).toBe(0);
    expect(secondsLeft(null, now)).toBeNull();
    expect(secondsLeft('soon', now)).toBeNull();
  });
  it('shows mm:ss', () => {
    expect(formatCountdown(1800)).toBe('30:00');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(5400)).toBe('90:00');
  });
});
