import { describe, expect, it } from 'vitest';
import { readSettlement } from './settlement';

const line = { productId: 7, appId: 10030, productName: 'Gems', thumbnail: '', price: 1.99, discountPrice: 0.99, currency: 'USD', baseCurrency: 'USD', basePrice: 1.99, baseDiscountPrice: 0.99, goodsType: 1, quantity: 2, selected: true };

describe('settlement data', () => {
  it('reads what the goods details or the cart stored', () => {
    expect(readSettlement({ source: 'product', appId: 10030, lines: [line] })).toEqual({ source: 'product', appId: 10030, lines: [line] });
  });
  it('ignores anything malformed (a restored state from an older build, an empty cart)', () => {
    expect(readSettlement(null)).toBeUndefined();
    expect(readSettlement({ source: 'cart', appId: 10030, lines: [] })).toBeUndefined();
    expect(readSettlement({ source: 'elsewhere', appId: 10030, lines: [line] })).toBeUndefined();
    expect(readSettlement({ source: 'cart', appId: '10030', lines: [line] })).toBeUndefined();
    expect(readSettlement({ source: 'cart', appId: 10030, lines: [{ ...line, quantity: 11 }] })).toBeUndefined();
  });
});
