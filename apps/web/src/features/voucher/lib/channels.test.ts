import { describe, expect, it } from 'vitest';
import { preselectChannel, visibleChannels } from './channels';

const channel = (id: number, payMethodName: string) => ({ id, payMethodName });
const seven = [
  channel(1, 'PayPal'),
  channel(2, 'Apple Pay'),
  channel(3, 'Google Pay'),
  channel(4, 'Visa / Mastercard'),
  channel(5, 'GCash'),
  channel(6, 'applepay express'),
  channel(7, 'Boleto'),
];

describe('visibleChannels', () => {
  it('hides Apple Pay on Android and Google Pay on iOS, nothing elsewhere', () => {
    expect(visibleChannels(seven, 'android', true).usable.map((c) => c.id)).toEqual([1, 3, 4, 5, 7]);
    expect(visibleChannels(seven, 'ios', true).usable.map((c) => c.id)).toEqual([1, 2, 4, 5, 6, 7]);
    expect(visibleChannels(seven, 'other', true).usable).toHaveLength(7);
  });

  it('shows the first 5 until View More, and says how many are behind it', () => {
    const collapsed = visibleChannels(seven, 'other', false);
    expect(collapsed.shown.map((c) => c.id)).toEqual([1, 2, 3, 4, 5]);
    expect(collapsed.more).toBe(2);
    const expanded = visibleChannels(seven, 'other', true);
    expect(expanded.shown).toHaveLength(7);
    expect(expanded.more).toBe(0);
  });

  it('has no View More with 5 or fewer usable channels', () => {
    expect(visibleChannels(seven, 'android', false).more).toBe(0);
    expect(visibleChannels([], 'other', false)).toEqual({ shown: [], usable: [], more: 0 });
  });
});

describe('preselectChannel', () => {
  it('preselects the first channel and keeps a choice that is still offered', () => {
    expect(preselectChannel(seven, null)).toBe(1);
    expect(preselectChannel(seven, 4)).toBe(4);
    expect(preselectChannel(seven.slice(0, 2), 4)).toBe(1);
    expect(preselectChannel([], 4)).toBeNull();
  });
});
