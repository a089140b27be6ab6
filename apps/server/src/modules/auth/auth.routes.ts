import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../http/handler.ts';
import type { Services } from '../../services.ts';
import { handler as quickLogin } from './handlers/quick-login.handler.ts';
import { handler as refreshToken } from './handlers/refresh-token.handler.ts';
import { handler as userInfo } from './handlers/user-info.handler.ts';

export const authHandlers = [quickLogin, refreshToken, userInfo];

export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, authHandlers);
}
