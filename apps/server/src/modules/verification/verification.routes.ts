import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../http/handler.ts';
import type { Services } from '../../services.ts';
import { handler as checkCodeTarget } from './handlers/check-code-target.handler.ts';
import { handler as getCaptcha } from './handlers/get-captcha.handler.ts';
import { handler as getCode } from './handlers/get-code.handler.ts';
import { handler as verifyCaptcha } from './handlers/verify-captcha.handler.ts';

export const verificationHandlers = [getCaptcha, verifyCaptcha, checkCodeTarget, getCode];

export function registerVerificationRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, verificationHandlers);
}
