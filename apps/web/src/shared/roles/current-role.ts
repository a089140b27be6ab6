import type { BoundRole } from '@shop/contract/roles';

/**
 * The account the shop acts for: the session's current one, else the default, else the first. Its own module, free of
 * the client store, so that the home's early requests (features/shop/early.ts) pick the same account as the page.
 */
export function pickCurrentRole(roles: readonly BoundRole[] | undefined): BoundRole | undefined {
  if (!roles?.length) return undefined;
  return roles.find((role) => role.current) ?? roles.find((role) => role.isDefault) ?? roles[0];
}
