import { describe, expect, it } from 'vitest';
import { clampQuantity, productPath, tabFromQuery, tabOf } from './home-tabs';

describe('home tabs', () => {
  it('maps the tabs to the spec goods types and falls back to gems', () => {
    expect(tabOf('gems').goodsType).toBe(1);
    expect(tabOf('gems').categoryId).toBe(17);
    expect(tabOf('vip').categoryId).toBe(15);
    expect(tabOf('other').goodsType).toBe(3);
    expect(tabOf('voucher').goodsType).toBe(5);
    expect(tabFromQuery('vip')).toBe('vip');
    expect(tabFromQuery('nope')).toBe('gems');
    expect(tabFromQuery(null)).toBe('gems');
  });
  it('sends free gifts to the claim page and the rest to the goods details', () => {
    expect(productPath({ id: 7, goodsType: 4 })).toBe('/home/freeGiftDetail?id=7');
    expect(productPath({ id: 8, goodsType: 1 })).toBe('/home/goodsDetail?id=8');
  });
  it('keeps quantities within 1..10', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(11)).toBe(10);
    expect(clampQuantity(3.7)).toBe(3);
    expect(clampQuantity(Number.NaN)).toBe(1);
  });
});
