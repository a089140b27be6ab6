import type { FastifyInstance } from 'fastify';
import { checkCodeTarget, getCaptcha, getCode, verifyCaptcha } from '@shop/contract/verification';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';
import { contactKey } from './contact-key.ts';

export function registerVerificationRoutes(app: FastifyInstance, { verification, rateLimits }: Services): void {
  const captchaLimit = rateLimits.route(app, 'captcha');
  registerRoute(app, getCaptcha, ({ request }) => verification.createCaptcha(request.ip), { rateLimit: captchaLimit });
  registerRoute(app, verifyCaptcha, ({ body }) => verification.verifyCaptcha(body), { message: 'captchaSuccess', rateLimit: captchaLimit });
  // asked before the puzzle, so it shares the puzzles' per-IP limit: each check costs a caller what a puzzle costs
  registerRoute(app, checkCodeTarget, ({ body }) => verification.checkTarget(body), { rateLimit: captchaLimit });
  registerRoute(app, getCode, ({ body, request, language }) => verification.sendCode(body, { ip: request.ip, language }), {
    message: 'codeSent',
    rateLimit: rateLimits.route(app, 'code', contactKey),
  });
}
