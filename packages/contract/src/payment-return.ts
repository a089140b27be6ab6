import { z } from 'zod';
import { defineRoute } from './route.ts';
import { plainString } from './fields.ts';

// Its own file, not checkout.ts: the voucher page imports checkout.ts, and every route defined there is in its first load.

/**
 * What the return page looks an order up by when the browser has no session (the checkout was handed to another
 * browser): `ref` from the return address the provider was given, the order id and a MAC of it that only the server can
 * make (ADR 0035, docs/adr/0035-player-pages-sessions.md). A walked order number without its MAC finds nothing.
 */
export const PaymentReturnRef = plainString().regex(/^[1-9]\d{0,15}\.[A-Za-z0-9_-]{22}$/, 'not a payment return reference');

/** The outcome of a payment, as the return page shows it: the order's status and what it cost; nothing else. */
export const PaymentOutcome = z.object({
  status: z.number().int(),
  payAmount: z.number(),
  currency: z.string(),
});
export type PaymentOutcome = z.infer<typeof PaymentOutcome>;

export const paymentOutcome = defineRoute({
  method: 'POST',
  path: '/v1/payment/outcome',
  auth: 'none',
  summary:
    "The return page's look-up without a session: the status and amount of the order a provider's return address names " +
    '(`ref`); a wrong or forged ref is 404 like an unknown order. No items, no player, no provider data',
  body: z.object({ ref: PaymentReturnRef }),
  data: PaymentOutcome,
});
