import { describe, expect, it } from 'vitest';
import { badgeText } from './badge';

describe('badgeText', () => {
  it('is empty for 0 and for nonsense', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
  });
  it('shows the count up to 99', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(42)).toBe('42');
    expect(badgeText(99)).toBe('99');
  });
  it('shows 99+ above 99', () => {
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12_345)).toBe('99+');
  });
});
