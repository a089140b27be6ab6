import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../http/handler.ts';
import type { Services } from '../../services.ts';
import { handler as roleBind } from './handlers/role-bind.handler.ts';
import { handler as roleList } from './handlers/role-list.handler.ts';
import { handler as roleLookup } from './handlers/role-lookup.handler.ts';
import { handler as roleSetDefault } from './handlers/role-set-default.handler.ts';
import { handler as roleSwitch } from './handlers/role-switch.handler.ts';

export const roleHandlers = [roleList, roleLookup, roleBind, roleSetDefault, roleSwitch];

export function registerRoleRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, roleHandlers);
}
