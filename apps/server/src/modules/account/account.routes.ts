import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../http/handler.ts';
import type { Services } from '../../services.ts';
import { handler as changeEmail } from './handlers/change-email.handler.ts';
import { handler as changeMobile } from './handlers/change-mobile.handler.ts';
import { handler as changePassword } from './handlers/change-password.handler.ts';
import { handler as checkEmail } from './handlers/check-email.handler.ts';
import { handler as checkMobile } from './handlers/check-mobile.handler.ts';
import { handler as dynamicLogin } from './handlers/dynamic-login.handler.ts';
import { handler as dynamicVerify } from './handlers/dynamic-verify.handler.ts';
import { handler as login } from './handlers/login.handler.ts';
import { handler as logout } from './handlers/logout.handler.ts';
import { handler as register } from './handlers/register.handler.ts';
import { handler as resetPassword } from './handlers/reset-password.handler.ts';

export const accountHandlers = [register, login, resetPassword, changePassword, checkMobile, checkEmail, changeMobile, changeEmail, logout, dynamicVerify, dynamicLogin];

export function registerAccountRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, accountHandlers);
}
