import { describe, expect, it } from 'vitest';
import type { PricePointView } from '@shop/contract/console/pricing';
import { driftedCodes, filterPoints, pointFlags } from './price-points';

const point = (regionCode: string, region: string, changes: Partial<PricePointView>): PricePointView => ({
  regionCode,
  region,
  currency: 'EUR',
  priceMinor: 499,
  discountPriceMinor: 499,
  taxIncluded: true,
  taxRateBp: 1900,
  override: false,
  rate: '0.92',
  computedAt: '2026-11-01T00:00:00Z',
  driftPercent: 1,
  drifted: false,
  stale: false,
  computedNow: null,
  ...changes,
});
const POINTS = [
  point('DE', 'Germany', {}),
  point('FR', 'France', { drifted: true, driftPercent: 7.5 }),
  point('JP', 'Japan', { currency: 'JPY', priceMinor: 780, discountPriceMinor: 780, override: true, rate: null, computedAt: null, driftPercent: null }),
  point('KW', 'Kuwait', { currency: null, priceMinor: null, discountPriceMinor: null, taxIncluded: null, taxRateBp: null, rate: null, computedAt: null, driftPercent: null }),
  point('IT', 'Italy', { stale: true, drifted: true, driftPercent: -9 }),
];
const codes = (points: PricePointView[]) => points.map((entry) => entry.regionCode);

describe('pointFlags', () => {
  it('says what each point is: none, an operator price, computed, drifted, stale', () => {
    expect(POINTS.map(pointFlags)).toEqual([['computed'], ['computed', 'drifted'], ['override'], ['none'], ['computed', 'drifted', 'stale']]);
  });
});

describe('filterPoints', () => {
  it('finds countries by code or name and by one flag', () => {
    expect(codes(filterPoints(POINTS, { text: 'fr' }))).toEqual(['FR']);
    expect(codes(filterPoints(POINTS, { flag: 'drifted' }))).toEqual(['FR', 'IT']);
    expect(codes(filterPoints(POINTS, { flag: 'override' }))).toEqual(['JP']);
    expect(codes(filterPoints(POINTS, { flag: 'none' }))).toEqual(['KW']);
    expect(codes(filterPoints(POINTS, { flag: 'stale', text: 'ita' }))).toEqual(['IT']);
    expect(codes(filterPoints(POINTS, { flag: 'stale', text: 'fra' }))).toEqual([]);
    expect(codes(filterPoints(POINTS, {}))).toHaveLength(5);
  });
});

describe('driftedCodes', () => {
  it('names the drifted computed points, never an operator price', () => {
    expect(driftedCodes([...POINTS, point('GB', 'United Kingdom', { override: true, drifted: true })])).toEqual(['FR', 'IT']);
  });
});
