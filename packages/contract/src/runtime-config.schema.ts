import { z } from 'zod';
import { RUNTIME_ENVIRONMENTS } from './runtime-config.ts';

export * from './runtime-config.ts';

/** The runtime configuration's schema (runtime-config.ts). */
export const RuntimeConfig = z.object({
  environment: z.enum(RUNTIME_ENVIRONMENTS),
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
