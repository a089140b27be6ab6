import { z } from 'zod';
import { defineRoute } from './route.ts';
import { entityId, gameIdText, int4Id } from './fields.ts';
import { TokenData } from './auth.ts';

/**
 * Game accounts (roles) of the logged-in player (issue 4, screen /role). Labels of spec section 3:
 * game ID or UID (`gameId`), name (`roleName`), level (`level`), server name, account name, role name, game name,
 * default flag.
 */

const appId = int4Id;

/** A role as the game server knows it (the select-account-to-continue list: name and level). */
export const GameServerRole = z.object({
  appId: z.number().int(),
  /** The game ID / UID the player copied from the game's settings. */
  gameId: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  accountName: z.string(),
  level: z.number().int(),
  serverId: z.string(),
  serverName: z.string(),
  /** This role is already bound to the caller (binding it again is refused). */
  boundByMe: z.boolean(),
});
export type GameServerRole = z.infer<typeof GameServerRole>;

/** A bound game account of the caller. */
export const BoundRole = z.object({
  /** Our id of the binding: what other calls take as `gameAccountId`. */
  id: z.number().int(),
  appId: z.number().int(),
  gameName: z.string(),
  gameId: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  accountName: z.string(),
  level: z.number().int(),
  serverId: z.string(),
  serverName: z.string(),
  isDefault: z.boolean(),
  /** The game account this session acts for (switched with v1/role/switch). */
  current: z.boolean(),
});
export type BoundRole = z.infer<typeof BoundRole>;

export const roleList = defineRoute({
  method: 'POST',
  path: '/v1/role/list',
  auth: 'user',
  summary: "The caller's bound game accounts (default first), optionally of one game",
  body: z.object({ appId: appId.optional() }),
  data: z.array(BoundRole),
});

export const RoleLookupBody = z.object({ appId, gameId: gameIdText });

export const roleLookup = defineRoute({
  method: 'POST',
  path: '/v1/role/lookup',
  auth: 'user',
  summary:
    "Look a game ID up on the game's server: the roles of that ID (one or several: select account to continue). 404 when the ID does not exist, 400 when it belongs to the other game",
  body: RoleLookupBody,
  data: z.array(GameServerRole),
});

export const RoleBindBody = z.object({
    appId,
    gameId: gameIdText,
    /** The role picked from v1/role/lookup (checked again with the game server; names and levels come from it, never from the client). */
    roleId: gameIdText,
    serverId: gameIdText,
    /** Make it the default account (the first bound account always becomes default). */
    setDefault: z.boolean().optional(),
  });
export type RoleBindBody = z.input<typeof RoleBindBody>;

export const roleBind = defineRoute({
  method: 'POST',
  path: '/v1/role/bind',
  auth: 'user',
  summary:
    'Bind a role of a game ID to the caller: 404 unknown game ID or role, 400 game ID of the other game, 409 already bound by the caller, 403 bound to another player',
  body: RoleBindBody,
  data: BoundRole,
});

export const GameAccountRef = z.object({ gameAccountId: entityId });

export const roleSetDefault = defineRoute({
  method: 'POST',
  path: '/v1/role/default',
  auth: 'user',
  summary: "Make one of the caller's game accounts the player's default (the others lose the flag); another player's account is 404",
  body: GameAccountRef,
  data: z.array(BoundRole),
});

export const roleSwitch = defineRoute({
  method: 'POST',
  path: '/v1/role/switch',
  auth: 'user',
  summary:
    "Switch the session to another of the caller's game accounts: new tokens acting for it (save them like a login); another player's account is 404",
  body: GameAccountRef,
  data: TokenData,
});
