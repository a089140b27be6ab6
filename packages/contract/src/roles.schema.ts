import { z } from 'zod';
import { defineRoute } from './route.ts';
import { entityId, gameIdText, int4Id } from './fields.ts';
import { TokenData } from './auth.schema.ts';
import * as table from './roles.ts';

export * from './roles.ts';

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

export const roleListSchemas = {
  body: z.object({ appId: appId.optional() }),
  data: z.array(BoundRole),
};
export const roleListRoute = defineRoute({ ...table.roleList, ...roleListSchemas });

export const RoleLookupBody = z.object({ appId, gameId: gameIdText });

export const roleLookupSchemas = {
  body: RoleLookupBody,
  data: z.array(GameServerRole),
};
export const roleLookupRoute = defineRoute({ ...table.roleLookup, ...roleLookupSchemas });

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

export const roleBindSchemas = {
  body: RoleBindBody,
  data: BoundRole,
};
export const roleBindRoute = defineRoute({ ...table.roleBind, ...roleBindSchemas });

export const GameAccountRef = z.object({ gameAccountId: entityId });

export const roleSetDefaultSchemas = {
  body: GameAccountRef,
  data: z.array(BoundRole),
};
export const roleSetDefaultRoute = defineRoute({ ...table.roleSetDefault, ...roleSetDefaultSchemas });

export const roleSwitchSchemas = {
  body: GameAccountRef,
  data: TokenData,
};
export const roleSwitchRoute = defineRoute({ ...table.roleSwitch, ...roleSwitchSchemas });
