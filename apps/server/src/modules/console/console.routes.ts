import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { registerConsoleAccessRoutes } from './access/access.routes.ts';

/**
 * The publisher's console API (`/api/console/v1/...`): every route has auth 'operator' and a permission
 * (contract console/access.ts), except login and enrolment. Each area registers its own routes here.
 */
export function registerConsoleRoutes(app: FastifyInstance, services: Services): void {
  registerConsoleAccessRoutes(app, services);
}
