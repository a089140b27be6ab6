import { checkCodeTarget } from '@shop/contract/verification';
import { defineHandler } from '../../../http/handler.ts';

/** Asked before the puzzle, so it shares the puzzles' per-IP limit: each check costs a caller what a puzzle costs. */
export const handler = defineHandler(checkCodeTarget, {
  options: (app, { rateLimits }) => ({ rateLimit: rateLimits.route(app, 'captcha') }),
  handle: ({ input, services }) => services.verification.checkTarget(input.body),
});
