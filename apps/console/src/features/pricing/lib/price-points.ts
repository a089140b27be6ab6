import type { PricePointView } from '@shop/contract/console/pricing';
import { matchesText } from './country-filter';

/**
 * What a price point is, as a flag the table shows and filters by: `none` (no point: the country pays the base price),
 * `override` (set by an operator, never recomputed), `computed` (within the drift), `drifted` (its rate moved beyond
 * the drift since it was computed), `stale` (its currency or tax no longer match the country table).
 */
export const POINT_FLAGS = ['none', 'override', 'computed', 'drifted', 'stale'] as const;
export type PointFlag = (typeof POINT_FLAGS)[number];

export function pointFlags(point: PricePointView): PointFlag[] {
  if (point.currency === null) return ['none'];
  const flags: PointFlag[] = [point.override ? 'override' : 'computed'];
  if (point.drifted) flags.push('drifted');
  if (point.stale) flags.push('stale');
  return flags;
}

/** The product table's filters: text in the country's code or name, and one flag. */
export interface PointFilter {
  text?: string | undefined;
  flag?: PointFlag | undefined;
}

export const filterPoints = (points: readonly PricePointView[], filter: PointFilter) =>
  points.filter((point) => matchesText(point, filter.text) && (!filter.flag || pointFlags(point).includes(filter.flag)));

/** The countries of the chosen points whose computed price drifted: what "recompute drifted" would change. */
export const driftedCodes = (points: readonly PricePointView[]) => points.filter((point) => point.drifted && !point.override).map((point) => point.regionCode);
