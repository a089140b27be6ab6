import { paymentOutcome } from '@shop/contract/payment-return';
import { defineHandler } from '../../../http/handler.ts';
import { paymentOutcomeOf } from '../payment-return.ts';

export const handler = defineHandler(paymentOutcome, {
  handle: ({ input, services }) => paymentOutcomeOf(services.db, services.config.jwtSecret, input.body.ref),
});
