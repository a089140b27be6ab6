import { z } from 'zod';

/**
 * `Idempotency-Key` of the order-creating calls (Stripe's semantics): the same key with the same body answers the first
 * answer again (status and body) for 24 hours; the same key with another body is refused (422); while the first request
 * with a key is still running, another one with it is refused (409). Keys belong to the player; at most 255 characters.
 */
export const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      'Optional. A unique value (e.g. a UUID) per intended order: a retry with the same key and body gets the first answer ' +
        'instead of a second order; the same key with another body answers 422, one sent while the first is running 409. ' +
        'Kept 24 hours, per player, at most 255 characters.',
    ),
});
