import { beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage/storage';
import { INITIAL_STATE, STATE_KEY, restoreClientState, saveClientState, useClientStore } from './client-store';

describe('client state persistence', () => {
  beforeEach(() => useClientStore.setState({ ...INITIAL_STATE }, true));

  it('defaults the currency to USD', () => {
    expect(useClientStore.getState().currency).toBe('USD');
  });

  it('saves to and restores from session storage', () => {
    const storage = memoryStorage();
    useClientStore.setState({ cartCount: 3, language: 'de', botCheckToken: 'x' });
    saveClientState(storage);
    useClientStore.setState({ ...INITIAL_STATE }, true);
    restoreClientState(storage);
    expect(useClientStore.getState()).toMatchObject({ cartCount: 3, language: 'de', botCheckToken: 'x', currency: 'USD' });
  });

  it('ignores saved values of the wrong shape', () => {
    const storage = memoryStorage();
    storage.setItem(STATE_KEY, JSON.stringify({ cartCount: 'many', cartList: {}, currency: 'EUR', unknown: 1 }));
    restoreClientState(storage);
    const state = useClientStore.getState();
    expect(state.cartCount).toBe(0);
    expect(state.cartList).toEqual([]);
    expect(state.currency).toBe('EUR');
    expect(state).not.toHaveProperty('unknown');
  });
});
