import type { BoundRole } from '@shop/contract/roles';
import { DEFAULT_APP_ID } from '@shop/contract/games';
import { readPlayerInfo } from '../storage/uinfo';
import { useClientStore } from '../store/client-store';

/** The account the shop acts for: the session's current one, else the default, else the first. */
export function pickCurrentRole(roles: readonly BoundRole[] | undefined): BoundRole | undefined {
  if (!roles?.length) return undefined;
  return roles.find((role) => role.current) ?? roles.find((role) => role.isDefault) ?? roles[0];
}

/** The game the shop shows: the current account's, else the game the player came from, else the default game. */
export function shopAppId(current: BoundRole | undefined): number {
  return current?.appId ?? useClientStore.getState().gameInfo?.appId ?? readPlayerInfo()?.appId ?? DEFAULT_APP_ID;
}
