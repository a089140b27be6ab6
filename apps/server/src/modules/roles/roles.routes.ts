import type { FastifyInstance } from 'fastify';
import { roleBind, roleList, roleLookup, roleSetDefault, roleSwitch } from '@shop/contract/roles.schema';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';

export function registerRoleRoutes(app: FastifyInstance, { roles }: Services): void {
  registerRoute(app, roleList, ({ user, body }) => roles.list(user, body.appId));
  registerRoute(app, roleLookup, ({ user, body }) => roles.lookup(user, body.appId, body.gameId));
  registerRoute(app, roleBind, ({ user, body }) => roles.bind(user, body));
  registerRoute(app, roleSetDefault, ({ user, body }) => roles.setDefault(user, body.gameAccountId));
  registerRoute(app, roleSwitch, ({ user, body }) => roles.switchTo(user, body.gameAccountId));
}
