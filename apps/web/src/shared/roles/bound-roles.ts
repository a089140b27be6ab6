import type { BoundRole } from '@shop/contract/roles';
import { DEFAULT_APP_ID } from '@shop/contract/games';
import { readPlayerInfo } from '../storage/uinfo';
import { useClientStore } from '../store/client-store';

/** The game the shop shows: the current account's, else the game the player came from, else the default game. */
export function shopAppId(current: BoundRole | undefined): number {
  return current?.appId ?? useClientStore.getState().gameInfo?.appId ?? readPlayerInfo()?.appId ?? DEFAULT_APP_ID;
}
