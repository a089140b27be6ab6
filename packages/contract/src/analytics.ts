import { z } from 'zod';
import { defineRoute } from './route.ts';
import { int4Id, plainString } from './fields.ts';

/** Where the web client sends page views and purchase events (in production only, spec section 1). */
export const ANALYTICS_EVENT_ROUTE_PATH = '/analytics/event';

const shortText = (max: number) => plainString().max(max);

export const AnalyticsEventBody = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('page_view'),
    tid: shortText(64).optional(),
    at: z.iso.datetime().optional(),
    payload: z.object({
      path: shortText(512).regex(/^\//),
      title: shortText(200).optional(),
      /** The game the player has chosen, if any: with the player's access token (Authorization) the view counts as theirs. */
      appId: int4Id.optional(),
    }),
  }),
  z.object({
    name: z.literal('purchase'),
    tid: shortText(64).optional(),
    at: z.iso.datetime().optional(),
    payload: z.object({
      transactionId: shortText(64).min(1),
      channel: shortText(32).min(1),
      amount: z.number().nonnegative().max(1_000_000),
      currency: plainString().length(3),
    }),
  }),
]);
export type AnalyticsEventBody = z.input<typeof AnalyticsEventBody>;

export const analyticsEvent = defineRoute({
  method: 'POST',
  path: ANALYTICS_EVENT_ROUTE_PATH,
  auth: 'none',
  summary:
    "The shop's own analytics endpoint: page views and purchase events of the web client, stored for the publisher. A " +
    "page view sent with the player's access token and the game's appId counts the player as active in that game.",
  body: AnalyticsEventBody,
  data: z.null(),
});
