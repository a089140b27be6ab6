import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaConfig, VerificationConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { BotCheckTokens } from './bot-check-tokens.ts';
import type { CaptchaProvider } from './captcha-provider.ts';
import { GeetestCaptcha } from './geetest/geetest-captcha.ts';
import { InHouseCaptcha } from './in-house/in-house-captcha.ts';

/** The one place that knows the providers: picks the configured one. */
export function createCaptchaProvider(
  captcha: CaptchaConfig,
  deps: { db: Db; verification: VerificationConfig; log: FastifyBaseLogger; fetch?: typeof fetch },
): CaptchaProvider {
  const tokens = new BotCheckTokens(deps.db, deps.verification);
  switch (captcha.provider) {
    case 'in-house':
      return new InHouseCaptcha(deps.db, deps.verification, tokens);
    case 'geetest':
      return new GeetestCaptcha(captcha.geetest, tokens, deps.log, deps.fetch);
  }
}
