import type { FastifyInstance } from 'fastify';
import { roleBindRoute, roleListRoute, roleLookupRoute, roleSetDefaultRoute, roleSwitchRoute } from '@shop/contract/roles.schema';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';

export function registerRoleRoutes(app: FastifyInstance, { roles }: Services): void {
  registerRoute(app, roleListRoute, ({ user, body }) => roles.list(user, body.appId));
  registerRoute(app, roleLookupRoute, ({ user, body }) => roles.lookup(user, body.appId, body.gameId));
  registerRoute(app, roleBindRoute, ({ user, body }) => roles.bind(user, body));
  registerRoute(app, roleSetDefaultRoute, ({ user, body }) => roles.setDefault(user, body.gameAccountId));
  registerRoute(app, roleSwitchRoute, ({ user, body }) => roles.switchTo(user, body.gameAccountId));
}
