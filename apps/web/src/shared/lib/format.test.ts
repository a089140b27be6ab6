import { describe, expect, it } from 'vitest';
import { formatNumber, formatPrice, hasDiscount } from './format';

// Intl output uses narrow no-break spaces in some locales: compare without spacing differences.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatPrice', () => {
  it('shows the currency symbol in the active language', () => {
    expect(formatPrice(4.99, 'USD', 'en')).toBe('$4.99');
    expect(plain(formatPrice(4.99, 'EUR', 'de'))).toBe('4,99 €');
    expect(plain(formatPrice(1234.5, 'USD', 'fr'))).toBe('1 234,50 $US');
    expect(formatPrice(499, 'JPY', 'ja')).toMatch(/^[￥¥]499$/);
    expect(formatPrice(4.99, 'usd', 'zh_TW')).toContain('4.99');
  });

  it('shows the code after the number for a currency Intl refuses', () => {
    expect(formatPrice(4.99, 'US$', 'en')).toBe('4.99 US$');
  });

  it('formats plain numbers', () => {
    expect(formatNumber(4999, 'en')).toBe('4,999');
    expect(plain(formatNumber(4999, 'de'))).toBe('4.999');
  });
});

describe('hasDiscount', () => {
  it('is true only when the prices differ by at least a cent', () => {
    expect(hasDiscount(9.99, 7.99)).toBe(true);
    expect(hasDiscount(9.99, 9.99)).toBe(false);
    expect(hasDiscount(9.99, 9.991)).toBe(false);
    expect(hasDiscount(9.99, Number.NaN)).toBe(false);
  });
});
