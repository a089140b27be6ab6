import { describe, expect, it } from 'vitest';
import { withChanges } from './search-params';

describe('withChanges', () => {
  it('sets, replaces and removes parameters and keeps the others', () => {
    const next = withChanges(new URLSearchParams('q=abc&status=8&cursor=n_1'), { status: 3, cursor: undefined, pageSize: '50', q: '' });
    expect(next.toString()).toBe('status=3&pageSize=50');
  });

  it('leaves the original untouched', () => {
    const params = new URLSearchParams('a=1');
    withChanges(params, { a: undefined });
    expect(params.get('a')).toBe('1');
  });
});
