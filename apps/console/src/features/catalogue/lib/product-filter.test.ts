import { describe, expect, it } from 'vitest';
import { newProductPath, productFilterOf } from './product-filter';

describe('productFilterOf', () => {
  it('reads the filters and the page from the address', () => {
    expect(productFilterOf(new URLSearchParams('appId=10030&goodsType=1&status=off&text=gem&page=3&pageSize=50'))).toEqual({
      appId: 10030,
      goodsType: 1,
      status: 'off',
      text: 'gem',
      page: 3,
      pageSize: 50,
    });
  });

  it('takes no filter for values it does not know, and the first page of 20', () => {
    expect(productFilterOf(new URLSearchParams('appId=x&status=maybe&text='))).toEqual({ appId: undefined, goodsType: undefined, status: undefined, text: undefined, page: 1, pageSize: 20 });
  });
});

describe('newProductPath', () => {
  it('starts a new product in the filtered game and type', () => {
    expect(newProductPath({})).toBe('/catalogue/products/new');
    expect(newProductPath({ appId: 10030 })).toBe('/catalogue/products/new?appId=10030');
    expect(newProductPath({ goodsType: 5 })).toBe('/catalogue/products/new?goodsType=5');
    expect(newProductPath({ appId: 10030, goodsType: 5 })).toBe('/catalogue/products/new?appId=10030&goodsType=5');
  });
});
