import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, filterChanges, filterFormOf, hasFilters, searchOf } from './order-search';

describe('searchOf', () => {
  it('reads the search from the address, blanks as no filter', () => {
    const search = searchOf(new URLSearchParams('q=%2012345%20&player=&status=3,8&provider=paypal&appId=10030&cursor=n_1&pageSize=50'));
    expect(search).toMatchObject({ q: '12345', player: undefined, status: '3,8', provider: 'paypal', appId: 10030, cursor: 'n_1', pageSize: 50 });
  });

  it('takes the default page size for one the list does not offer, and no game for a bad id', () => {
    expect(searchOf(new URLSearchParams('pageSize=7&appId=-3'))).toMatchObject({ pageSize: DEFAULT_PAGE_SIZE, appId: undefined });
    expect(searchOf(new URLSearchParams('appId=1.5')).appId).toBeUndefined();
  });
});

describe('the filter form and the address', () => {
  it('shows a search in the form: the statuses as numbers, the times as dates', () => {
    const form = filterFormOf(searchOf(new URLSearchParams('status=3,8&from=2026-01-02T03:04:00.000Z')));
    expect(form.status).toEqual([3, 8]);
    expect(form.created?.[0]?.toISOString()).toBe('2026-01-02T03:04:00.000Z');
    expect(form.created?.[1]).toBeNull();
    expect(filterFormOf(searchOf(new URLSearchParams(''))).created).toBeNull();
  });

  it('turns a submitted form into address changes on the first page, times to whole minutes', () => {
    const from = dayjs('2026-01-02T03:04:35.123Z');
    const changes = filterChanges({ player: '  a@b.c ', status: [7, 8], appId: 10030, created: [from, null] });
    expect(changes).toEqual({
      player: 'a@b.c',
      role: undefined,
      transactionId: undefined,
      status: '7,8',
      provider: undefined,
      appId: '10030',
      from: from.startOf('minute').toISOString(),
      to: undefined,
      cursor: undefined,
    });
    expect(filterChanges({ status: [] }).status).toBeUndefined();
  });

  it('knows whether the address holds a filter (the filters open then)', () => {
    expect(hasFilters(new URLSearchParams('q=1&pageSize=50'))).toBe(false);
    expect(hasFilters(new URLSearchParams('to=2026-01-01'))).toBe(true);
  });
});
