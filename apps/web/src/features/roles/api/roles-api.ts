import { roleBind, roleLookup, roleSetDefault, roleSwitch, type RoleBindBody } from '@shop/contract/roles';
import { call } from '../../../shared/api/client';
import { saveToken } from '../../../shared/storage/token';

export const lookupRoles = (appId: number, gameId: string) => call(roleLookup, { body: { appId, gameId } });
export const bindRole = (body: RoleBindBody) => call(roleBind, { body });
export const setDefaultRole = (gameAccountId: number) => call(roleSetDefault, { body: { gameAccountId } });

/** Switching gives tokens that act for the other account: they are saved like a login's. */
export async function switchRole(gameAccountId: number): Promise<void> {
  const tokens = await call(roleSwitch, { body: { gameAccountId } });
  saveToken(tokens);
}
