import { roleBind, roleLookup, roleSetDefault, roleSwitch, type RoleBindBody } from '@shop/contract/roles';
import { call } from '../../../shared/api/client';
import { invalidateUserInfo } from '../../../shared/account/user-info-key';
import { invalidateBoundRoles } from '../../../shared/roles/get-bound-roles';
import { saveToken } from '../../../shared/storage/token';

export const lookupRoles = (appId: number, gameId: string) => call(roleLookup, { body: { appId, gameId } });

export async function bindRole(body: RoleBindBody) {
  const answer = await call(roleBind, { body });
  void invalidateBoundRoles();
  return answer;
}

export async function setDefaultRole(gameAccountId: number) {
  const answer = await call(roleSetDefault, { body: { gameAccountId } });
  void invalidateBoundRoles();
  return answer;
}

/** Switching gives tokens that act for the other account: they are saved like a login's. */
export async function switchRole(gameAccountId: number): Promise<void> {
  const tokens = await call(roleSwitch, { body: { gameAccountId } });
  saveToken(tokens);
  void invalidateBoundRoles();
  void invalidateUserInfo();
}
