import { describe, expect, it } from 'vitest';
import type { ShopProduct } from '@shop/contract/products';
import type { CartLine } from '../../../shared/cart/cart';
import { regionOf, repriceLines } from './settlement-view';

const line: CartLine = {
  productId: 7,
  appId: 10030,
  productName: 'Gems',
  thumbnail: '',
  price: 1.99,
  discountPrice: 0.99,
  currency: 'USD',
  baseCurrency: 'USD',
  basePrice: 1.99,
  baseDiscountPrice: 0.99,
  goodsType: 1,
  quantity: 3,
  selected: true,
};

const euroProduct = {
  id: 7,
  appId: 10030,
  productName: 'Edelsteine',
  thumbnail: '',
  productPrice: 2.29,
  productDiscountPrice: 1.19,
  currency: 'EUR',
  baseCurrency: 'USD',
  baseProductPrice: 1.99,
  baseDiscountPrice: 0.99,
  goodsType: 1,
} as ShopProduct;

describe('settlement view', () => {
  it("prices each line at its product's price in the order's region, keeping its quantity", () => {
    expect(repriceLines([line], [euroProduct])).toEqual([
      { ...line, productName: 'Edelsteine', price: 2.29, discountPrice: 1.19, currency: 'EUR', quantity: 3, selected: true },
    ]);
  });

  it('keeps the stored line of a product no longer on sale', () => {
    expect(repriceLines([line, { ...line, productId: 8 }], [euroProduct])[1]).toEqual({ ...line, productId: 8 });
  });

  it('treats the unknown region as the default one', () => {
    expect(regionOf('ZZ')).toBe('US');
    expect(regionOf(undefined)).toBe('US');
    expect(regionOf('de')).toBe('DE');
  });
});
