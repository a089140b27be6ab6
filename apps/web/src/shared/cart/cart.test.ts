import { describe, expect, it } from 'vitest';
import {
  CART_MAX_ITEMS,
  addLine,
  cartCount,
  checkoutProblem,
  removeLine,
  sanitizeCart,
  selectAll,
  selectionCharge,
  setQuantity,
  setSelected,
  type CartProduct,
} from './cart';

const product = (productId: number, discountPrice = 0.99): CartProduct => ({
  productId,
  appId: 10030,
  productName: `P${productId}`,
  thumbnail: '',
  price: 1.99,
  discountPrice,
  currency: 'USD',
  baseCurrency: 'USD',
  basePrice: 1.99,
  baseDiscountPrice: discountPrice,
  goodsType: 1,
});

describe('cart', () => {
  it('adds a product, and more of the same product to its line', () => {
    let { lines } = addLine([], product(1));
    ({ lines } = addLine(lines, product(2), 2));
    ({ lines } = addLine(lines, product(1), 3));
    expect(lines.map((l) => [l.productId, l.quantity, l.selected])).toEqual([
      [1, 4, true],
      [2, 2, true],
    ]);
    expect(cartCount(lines)).toBe(6);
  });

  it('refuses quantities of 0, negative, not integers, and a line above 10', () => {
    expect(addLine([], product(1), 0).problem).toBe('badQuantity');
    expect(addLine([], product(1), -1).problem).toBe('badQuantity');
    expect(addLine([], product(1), 1.5).problem).toBe('badQuantity');
    expect(addLine([], product(1), 11).problem).toBe('badQuantity');
    const { lines } = addLine([], product(1), 9);
    const more = addLine(lines, product(1), 2);
    expect(more.problem).toBe('tooMany');
    expect(more.lines[0]!.quantity).toBe(9);
  });

  it('changes a quantity within 1..10 and removes a line', () => {
    const { lines } = addLine([], product(1));
    expect(setQuantity(lines, 1, 10).lines[0]!.quantity).toBe(10);
    expect(setQuantity(lines, 1, 11)).toMatchObject({ problem: 'tooMany' });
    expect(setQuantity(lines, 1, 0)).toMatchObject({ problem: 'badQuantity' });
    expect(setQuantity(lines, 1, 0).lines[0]!.quantity).toBe(1);
    expect(removeLine(lines, 1)).toEqual([]);
  });

  it('asks to select an item when nothing is selected, and allows at most 10 items per transaction', () => {
    let { lines } = addLine([], product(1), 6);
    ({ lines } = addLine(lines, product(2), 5));
    expect(checkoutProblem(lines)).toBe('tooMany');
    expect(checkoutProblem(setSelected(lines, 2, false))).toBeUndefined();
    expect(checkoutProblem(selectAll(lines, false))).toBe('emptySelection');
    expect(checkoutProblem([])).toBe('emptySelection');
    ({ lines } = setQuantity(lines, 2, CART_MAX_ITEMS - 6));
    expect(checkoutProblem(lines)).toBeUndefined();
  });

  it('totals the selection in minor units', () => {
    let { lines } = addLine([], product(1, 0.1), 1);
    ({ lines } = addLine(lines, product(2, 0.2), 1));
    ({ lines } = addLine(lines, product(3, 5), 2));
    expect(selectionCharge(setSelected(lines, 3, false))).toMatchObject({ currency: 'USD', total: 0.3 });
    expect(selectionCharge(lines).total).toBe(10.3);
  });

  it('totals local prices in their currency, and lines in two currencies at their base prices, as the server charges', () => {
    const yen = (productId: number, discountPrice: number): CartProduct => ({ ...product(productId, 4.99), currency: 'JPY', price: 900, discountPrice });
    let { lines } = addLine([], yen(1, 780), 2);
    ({ lines } = addLine(lines, yen(2, 150), 1));
    expect(selectionCharge(lines)).toMatchObject({ currency: 'JPY', local: true, total: 1710 });
    ({ lines } = addLine(lines, product(3, 0.99), 1));
    expect(selectionCharge(lines)).toMatchObject({ currency: 'USD', local: false, total: 15.96 });
  });

  it('keeps only well-formed lines from storage', () => {
    const good = { ...product(1), quantity: 2, selected: true };
    expect(sanitizeCart([good, { productId: 'x' }, null, { ...good, quantity: 0 }])).toEqual([good]);
    // a line saved by a build before local prices has no base price: it cannot be totalled as the server charges
    const { baseCurrency: _currency, basePrice: _price, baseDiscountPrice: _discount, ...beforeLocalPrices } = good;
    expect(sanitizeCart([beforeLocalPrices, { ...good, basePrice: -1 }, { ...good, discountPrice: Number.NaN }, { ...good, currency: 1 }])).toEqual([]);
    expect(sanitizeCart('nope')).toEqual([]);
  });
});
