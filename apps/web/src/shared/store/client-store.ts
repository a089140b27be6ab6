import { create } from 'zustand';
import type { GameRole } from '@shop/contract/auth';
import type { VoucherGoods } from '@shop/contract/catalog';
import type { Order } from '@shop/contract/orders';
import { DEFAULT_CURRENCY } from '@shop/contract/games';
import type { Language } from '@shop/contract/languages';
import { readJson, sessionStore, writeJson, type KeyValueStorage } from '../storage/storage';

/** The client-held state of spec section 3, saved to session storage on unload and restored at start. */
export interface ClientState {
  cartCount: number;
  cartList: unknown[];
  gameRoles: GameRole[];
  currentProduct: unknown;
  currentOrder: Order | null;
  mainCategoryId: number | null;
  currency: string;
  language: Language | null;
  /** The bound game account of the session (from user/info). */
  gameInfo: GameRole | null;
  /** Voucher packs per appId (in the language they were loaded in, priced in the region they were loaded for). */
  voucherLists: Record<string, { language: string; region?: string; list: VoucherGoods[] }>;
  settlement: unknown;
  botCheckToken: string | null;
}

export const INITIAL_STATE: ClientState = {
  cartCount: 0,
  cartList: [],
  gameRoles: [],
  currentProduct: null,
  currentOrder: null,
  mainCategoryId: null,
  currency: DEFAULT_CURRENCY,
  language: null,
  gameInfo: null,
  voucherLists: {},
  settlement: null,
  botCheckToken: null,
};

export const STATE_KEY = 'shop-state';

export const useClientStore = create<ClientState>(() => ({ ...INITIAL_STATE }));

/** Shallow-merges a patch into the client state (a tiny setter usable outside React). */
export const patchClientState = (patch: Partial<ClientState>) => useClientStore.setState(patch);

/** Restores what was saved in this tab; keys that are missing or of another shape keep their initial value. */
export function restoreClientState(storage: KeyValueStorage = sessionStore()): void {
  const saved = readJson<Partial<ClientState>>(storage, STATE_KEY);
  if (!saved || typeof saved !== 'object') return;
  const restored: Partial<ClientState> = {};
  for (const key of Object.keys(INITIAL_STATE) as (keyof ClientState)[]) {
    const value = saved[key];
    const initial = INITIAL_STATE[key];
    const sameShape =
      value !== undefined &&
      (initial === null || value === null || typeof value === typeof initial) &&
      Array.isArray(value) === Array.isArray(initial ?? value);
    if (sameShape) (restored as Record<string, unknown>)[key] = value;
  }
  useClientStore.setState(restored);
}

export function saveClientState(storage: KeyValueStorage = sessionStore()): void {
  writeJson(storage, STATE_KEY, useClientStore.getState());
}

/** Saves on pagehide (reliable on mobile, including bfcache) and beforeunload. */
export function persistClientStateOnUnload(): void {
  const save = () => saveClientState();
  window.addEventListener('pagehide', save);
  window.addEventListener('beforeunload', save);
}
