import { describe, expect, it } from 'vitest';
import type { PricePointView } from '@shop/contract/console/pricing';
import { editRowOf, editsToPoints, withAmount, type EditRow } from './bulk-edit';

const BASE = { currency: 'USD', priceMinor: 499, discountPriceMinor: 399 };
const point = (changes: Partial<PricePointView>): PricePointView => ({
  regionCode: 'JP',
  region: 'Japan',
  currency: 'JPY',
  priceMinor: 780,
  discountPriceMinor: 780,
  taxIncluded: true,
  taxRateBp: 1000,
  override: false,
  rate: '151.2',
  computedAt: '2026-11-01T00:00:00Z',
  driftPercent: 0,
  drifted: false,
  stale: false,
  computedNow: null,
  ...changes,
});
const row = (regionCode: string, currency: string, price: string, discount = ''): EditRow => ({ regionCode, region: regionCode, currency, price, discount, taxIncluded: false });
const NO_POINT = { currency: null, priceMinor: null, discountPriceMinor: null, taxIncluded: null, taxRateBp: null, rate: null, computedAt: null, driftPercent: null };

describe('editRowOf', () => {
  it('starts from the point, in its currency and digits, with no discount when it equals the price', () => {
    expect(editRowOf(point({}), BASE, 'inclusive')).toEqual({ regionCode: 'JP', region: 'Japan', currency: 'JPY', price: '780', discount: '', taxIncluded: true });
    expect(editRowOf(point({ regionCode: 'KW', currency: 'KWD', priceMinor: 1490, discountPriceMinor: 1290, taxIncluded: false }), BASE, 'none')).toMatchObject({
      currency: 'KWD',
      price: '1.490',
      discount: '1.290',
      taxIncluded: false,
    });
  });

  it('starts a country without a point from what recomputing gives now, else from the base price', () => {
    const computedNow = { currency: 'EUR', priceMinor: 549, discountPriceMinor: 449 };
    expect(editRowOf(point({ ...NO_POINT, computedNow }), BASE, 'inclusive')).toMatchObject({ currency: 'EUR', price: '5.49', discount: '4.49', taxIncluded: true });
    expect(editRowOf(point({ ...NO_POINT }), BASE, 'exclusive')).toMatchObject({ currency: 'USD', price: '4.99', discount: '3.99', taxIncluded: false });
  });
});

describe('editsToPoints', () => {
  it('converts each row in its currency: JPY and KRW without decimals, KWD with three', () => {
    const rows = [row('JP', 'JPY', '780'), row('KR', 'KRW', '5500', '4900'), row('KW', 'KWD', '1.49'), row('DE', 'EUR', '4.99', '3.99')];
    expect(editsToPoints(rows)).toEqual({
      issues: [],
      points: [
        { regionCode: 'JP', currency: 'JPY', priceMinor: 780, discountPriceMinor: 780, taxIncluded: false },
        { regionCode: 'KR', currency: 'KRW', priceMinor: 5500, discountPriceMinor: 4900, taxIncluded: false },
        { regionCode: 'KW', currency: 'KWD', priceMinor: 1490, discountPriceMinor: 1490, taxIncluded: false },
        { regionCode: 'DE', currency: 'EUR', priceMinor: 499, discountPriceMinor: 399, taxIncluded: false },
      ],
    });
  });

  it('sends nothing and names every problem by country and field', () => {
    const rows = [row('JP', 'JPY', '780.5'), row('KR', 'KRW', '', '100'), row('KW', 'KWD', '1.4905'), row('DE', 'EUR', '4.99', '5.99'), row('FR', 'EUR', '4.99', '-1'), row('US', 'USD', '4.99')];
    expect(editsToPoints(rows)).toEqual({
      points: [],
      issues: [
        { regionCode: 'JP', field: 'price', problem: 'tooManyDigits' },
        { regionCode: 'KR', field: 'price', problem: 'empty' },
        { regionCode: 'KW', field: 'price', problem: 'tooManyDigits' },
        { regionCode: 'DE', field: 'discount', problem: 'discountAbovePrice' },
        { regionCode: 'FR', field: 'discount', problem: 'belowZero' },
      ],
    });
  });

  it('sets one amount on every row with withAmount', () => {
    const rows = withAmount([row('DE', 'EUR', '4.99'), row('FR', 'EUR', '5.49')], 'price', '3.99');
    expect(editsToPoints(rows).points.map((entry) => entry.priceMinor)).toEqual([399, 399]);
  });
});
