import { routeTable } from './route.ts';
import type * as schema from './roles.schema.ts';

export type { GameServerRole, BoundRole, RoleBindBody } from './roles.schema.ts';

export const roleList = routeTable<typeof schema.roleListSchemas>()({
  method: 'POST',
  path: '/v1/role/list',
  auth: 'user',
  summary: "The caller's bound game accounts (default first), optionally of one game",
});

export const roleLookup = routeTable<typeof schema.roleLookupSchemas>()({
  method: 'POST',
  path: '/v1/role/lookup',
  auth: 'user',
  summary:
    "Look a game ID up on the game's server: the roles of that ID (one or several: select account to continue). 404 when the ID does not exist, 400 when it belongs to the other game",
});

export const roleBind = routeTable<typeof schema.roleBindSchemas>()({
  method: 'POST',
  path: '/v1/role/bind',
  auth: 'user',
  summary:
    'Bind a role of a game ID to the caller: 404 unknown game ID or role, 400 game ID of the other game, 409 already bound by the caller, 403 bound to another player',
});

export const roleSetDefault = routeTable<typeof schema.roleSetDefaultSchemas>()({
  method: 'POST',
  path: '/v1/role/default',
  auth: 'user',
  summary: "Make one of the caller's game accounts the player's default (the others lose the flag); another player's account is 404",
});

export const roleSwitch = routeTable<typeof schema.roleSwitchSchemas>()({
  method: 'POST',
  path: '/v1/role/switch',
  auth: 'user',
  summary:
    "Switch the session to another of the caller's game accounts: new tokens acting for it (save them like a login); another player's account is 404",
});
