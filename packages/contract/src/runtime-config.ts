import { z } from 'zod';

/**
 * Configuration the server injects into index.html (a JSON data block with id "shop-config"), so one build serves
 * production, test and development.
 */
export const RuntimeConfig = z.object({
  environment: z.enum(['production', 'test', 'development']),
  apiBase: z.string(),
  buildId: z.string(),
  /** Payment pages open in the in-app /pay iframe route instead of a full redirect. */
  iframePayment: z.boolean(),
  /** Hosts (origins) the /pay iframe route may load. */
  paymentHosts: z.array(z.string()),
  /** The Pay Station embed script, whether it runs in sandbox mode, and the Pay Station page (for the iframe route). */
  xsolla: z.object({ scriptUrl: z.string(), payStationUrl: z.string(), sandbox: z.boolean(), host: z.string().optional() }),
  features: z.object({ cart: z.boolean(), otpLogin: z.boolean() }),
  analyticsId: z.string().optional(),
  links: z.object({
    terms: z.string(),
    privacy: z.string(),
    refund: z.string(),
    contact: z.string(),
    tutorial: z.string(),
  }),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

export const RUNTIME_CONFIG_ELEMENT_ID = 'shop-config';
