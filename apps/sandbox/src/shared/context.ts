import type { WebhookSender } from './webhooks.ts';

/** What every provider stand-in gets from the plugin. */
export interface SandboxContext {
  /** Absolute browser-facing URL of the sandbox root, without a trailing slash (resolved late: see standalone.ts). */
  publicUrl: () => string;
  paypalWebhookUrl: string;
  xsollaWebhookUrl: string;
  webhooks: WebhookSender;
}
