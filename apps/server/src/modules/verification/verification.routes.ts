import type { FastifyInstance } from 'fastify';
import { getCaptcha, getCode, verifyCaptcha } from '@shop/contract/verification';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';

export function registerVerificationRoutes(app: FastifyInstance, { verification }: Services): void {
  registerRoute(app, getCaptcha, async ({ reply, request }) => {
    reply.header('cache-control', 'no-store');
    return verification.createCaptcha(request.ip);
  });
  registerRoute(app, verifyCaptcha, ({ body }) => verification.verifyCaptcha(body), { message: 'captchaSuccess' });
  registerRoute(app, getCode, ({ body, request, language }) => verification.sendCode(body, { ip: request.ip, language }), {
    message: 'codeSent',
  });
}
