import { describe, expect, it } from 'vitest';
import { currencyDigits } from '../pricing/money';
import { formatNumber, formatPrice, formatTaxRate, hasDiscount } from './format';

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

  it('shows a local price as its country expects: a German player a comma, a Japanese player yen without decimals', () => {
    expect(plain(formatPrice(5.49, 'EUR', 'de'))).toBe('5,49 €');
    expect(formatPrice(780, 'JPY', 'ja')).toMatch(/^[￥¥]780$/);
    expect(formatPrice(5900, 'KRW', 'ko')).toBe('₩5,900');
    expect(plain(formatPrice(150000, 'IDR', 'id'))).toBe('Rp 150.000');
    expect(plain(formatPrice(1.234, 'KWD', 'en'))).toBe('KWD 1.234');
    expect(plain(formatPrice(1234.5, 'EUR', 'fr'))).toBe('1 234,50 €');
  });

  it('shows as many decimals as the currency has, the digits the server sums in (every digit rule)', () => {
    const decimals = (text: string) => /[.,](\d+)\D*$/.exec(text)?.[1]?.length ?? 0;
    const amounts: Record<number, number> = { 0: 780, 2: 4.99, 3: 1.234 };
    for (const code of ['JPY', 'KRW', 'IDR', 'VND', 'HUF', 'TWD', 'INR', 'EUR', 'USD', 'KWD', 'BHD']) {
      const digits = currencyDigits(code);
      expect(decimals(formatPrice(amounts[digits]!, code, 'en')), code).toBe(digits);
    }
  });

  it('shows the code after the number for a currency Intl refuses', () => {
    expect(formatPrice(4.99, 'US$', 'en')).toBe('4.99 US$');
  });

  it('formats plain numbers', () => {
    expect(formatNumber(4999, 'en')).toBe('4,999');
    expect(plain(formatNumber(4999, 'de'))).toBe('4.999');
  });
});

describe('formatTaxRate', () => {
  it('shows basis points as a percentage in the active language', () => {
    expect(formatTaxRate(1900, 'en')).toBe('19%');
    expect(plain(formatTaxRate(1900, 'de'))).toBe('19 %');
    expect(formatTaxRate(2000, 'tr')).toBe('%20');
    expect(plain(formatTaxRate(550, 'fr'))).toBe('5,5 %');
    expect(formatTaxRate(1000, 'ja')).toBe('10%');
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
