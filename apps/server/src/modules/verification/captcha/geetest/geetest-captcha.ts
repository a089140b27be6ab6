import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaSolution, GeetestCaptchaChallenge } from '@shop/contract/verification';
import type { GeetestConfig } from '../../../../config.ts';
import { invalid } from '../../../../shared/domain-errors.ts';
import type { BotCheckTokens } from '../bot-check-tokens.ts';
import type { BotCheckGrant, CaptchaProvider } from '../captcha-provider.ts';
import { validateWithGeetest } from './geetest-validate.ts';

/**
 * GeeTest v4, the production captcha: the page loads gt4.js and shows GeeTest's challenge; GeeTest vouches for the
 * result at its validate API, and each lot_number gives at most one bot-check token.
 */
export class GeetestCaptcha implements CaptchaProvider {
  /** gt4.js comes from the script's host and calls (JSONP, images, styles) GeeTest's API host. */
  readonly pageOrigins: readonly string[];

  constructor(
    private readonly config: GeetestConfig,
    private readonly tokens: BotCheckTokens,
    private readonly log: FastifyBaseLogger,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.pageOrigins = [...new Set([new URL(config.scriptUrl).origin, new URL(config.apiUrl).origin])];
  }

  async challenge(): Promise<GeetestCaptchaChallenge> {
    return { provider: 'geetest', captchaId: this.config.captchaId, scriptUrl: this.config.scriptUrl };
  }

  async verify(solution: CaptchaSolution): Promise<BotCheckGrant> {
    if (solution.provider !== 'geetest') throw invalid('captchaFailed');
    if ((await validateWithGeetest(this.config, solution, this.log, this.fetchImpl)) !== 'success') throw invalid('captchaFailed');
    return this.tokens.grantForPass(`geetest:${solution.lot_number}`);
  }
}
