import { describe, expect, it } from 'vitest';
import { chargedAmount, chargesOtherCurrency, pricedLine, type PricedLine } from './charged-price';

const euroLine = (overrides: Partial<PricedLine> = {}): PricedLine => ({
  currency: 'EUR',
  price: 5.49,
  discountPrice: 4.99,
  baseCurrency: 'USD',
  basePrice: 5.99,
  baseDiscountPrice: 4.99,
  quantity: 1,
  ...overrides,
});

describe('chargedAmount: chargeOrder of the server, seen from the page', () => {
  it('charges the local prices when the channel charges the local currency', () => {
    const charged = chargedAmount([euroLine({ quantity: 2 }), euroLine({ price: 0.1, discountPrice: 0.1 })], true);
    expect(charged).toEqual({
      currency: 'EUR',
      local: true,
      lines: [
        { price: 5.49, discountPrice: 4.99 },
        { price: 0.1, discountPrice: 0.1 },
      ],
      original: 11.08,
      total: 10.08,
      discount: 1,
      items: 3,
    });
  });

  it('charges every line at its base price when the channel cannot charge the local currency', () => {
    const charged = chargedAmount([euroLine({ basePrice: 0.1, baseDiscountPrice: 0.1 }), euroLine({ basePrice: 0.2, baseDiscountPrice: 0.2 })], false);
    expect(charged.currency).toBe('USD');
    expect(charged.local).toBe(false);
    expect(charged.total).toBe(0.3);
    expect(charged.lines).toEqual([
      { price: 0.1, discountPrice: 0.1 },
      { price: 0.2, discountPrice: 0.2 },
    ]);
  });

  it('charges base prices when the lines are in different currencies (one without a local price)', () => {
    const unpriced = euroLine({ currency: 'USD', price: 5.99, discountPrice: 4.99 });
    const charged = chargedAmount([euroLine(), unpriced], true);
    expect(charged).toMatchObject({ currency: 'USD', local: false, original: 11.98, total: 9.98, discount: 2 });
  });

  it('sums currencies without decimals and with three', () => {
    const yen = euroLine({ currency: 'JPY', price: 780, discountPrice: 700, quantity: 3 });
    expect(chargedAmount([yen], true)).toMatchObject({ currency: 'JPY', original: 2340, total: 2100, discount: 240 });
    const dinar = euroLine({ currency: 'KWD', price: 1.55, discountPrice: 1.505, quantity: 2 });
    expect(chargedAmount([dinar], true)).toMatchObject({ currency: 'KWD', original: 3.1, total: 3.01, discount: 0.09 });
  });

  it('shows no total (NaN) for an amount its currency cannot hold', () => {
    expect(chargedAmount([euroLine({ currency: 'JPY', price: 780.5, discountPrice: 780.5 })], true).total).toBeNaN();
  });

  it('charges nothing for no lines', () => {
    expect(chargedAmount([], true)).toMatchObject({ local: false, total: 0, items: 0, lines: [] });
  });
});

describe('chargesOtherCurrency', () => {
  it('is true only when the charged currency is not the one shown', () => {
    expect(chargesOtherCurrency('EUR', chargedAmount([euroLine()], false))).toBe(true);
    expect(chargesOtherCurrency('eur', chargedAmount([euroLine()], true))).toBe(false);
  });
});

describe('pricedLine', () => {
  it('reads the local and the base prices of a list item', () => {
    const item = { currency: 'JPY', productPrice: 780, productDiscountPrice: 700, baseCurrency: 'USD', baseProductPrice: 4.99, baseDiscountPrice: 4.49 };
    expect(pricedLine(item, 2)).toEqual({ currency: 'JPY', price: 780, discountPrice: 700, baseCurrency: 'USD', basePrice: 4.99, baseDiscountPrice: 4.49, quantity: 2 });
  });
});
