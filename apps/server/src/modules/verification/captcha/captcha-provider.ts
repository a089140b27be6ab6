import type { CaptchaChallenge, CaptchaSolution } from '@shop/contract/verification';

/** What a solved captcha gives: a one-time token for POST /user/getSmsCode, valid for `expiresIn` seconds. */
export interface BotCheckGrant {
  botCheckToken: string;
  expiresIn: number;
}

/**
 * A captcha that guards the sending of codes (ADR 0018, docs/adr/0018-captcha-providers.md). The page asks for a challenge,
 * shows it and sends back the solution; a solution the provider accepts becomes the same one-time bot-check token
 * (bot-check-tokens.ts) whichever provider checked it, so getSmsCode and everything after it do not know providers.
 */
export interface CaptchaProvider {
  /** Origins the shop's pages must be allowed to load the challenge's scripts, styles and frames from and call (CSP). */
  readonly pageOrigins: readonly string[];
  /** What the page needs to show a challenge to the client at `ip`. */
  challenge(ip: string): Promise<CaptchaChallenge>;
  /** Checks a solution: 400 "Verification failed, please try again." for a wrong, used or other provider's one. */
  verify(solution: CaptchaSolution): Promise<BotCheckGrant>;
}
