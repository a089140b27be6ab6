import { payermaxProvider } from './payermax';
import type { FrameOutcome, PaymentProvider, ProviderName } from './payment-provider';
import { paypalProvider } from './paypal';
import { xsollaProvider } from './xsolla';

/**
 * The payment providers by name: the one place in the web that knows which providers exist (the server's counterpart:
 * apps/server/src/modules/payments/provider-registry.ts). Elsewhere a provider is only ever a channel's name;
 * provider-names.test.ts keeps the providers' names out of every other file of apps/web/src.
 */
const PROVIDERS: readonly PaymentProvider[] = [paypalProvider, xsollaProvider, payermaxProvider];
const BY_NAME: ReadonlyMap<string, PaymentProvider> = new Map(PROVIDERS.map((provider) => [provider.name, provider]));

/** The provider of this name, or undefined for a channel we do not take money with. */
export const findProvider = (name: string | null | undefined): PaymentProvider | undefined => (name ? BY_NAME.get(name) : undefined);

/** A /pay address without a channel (made before the address carried one) is Pay Station's frame. */
export const FRAME_PROVIDER_WITHOUT_CHANNEL: ProviderName = xsollaProvider.name;

/** Where a message of a provider's pay frame sends the player, or undefined for any other message. */
export function frameOutcomeOf(message: unknown): FrameOutcome | undefined {
  for (const provider of PROVIDERS) {
    const outcome = provider.frameOutcome?.(message);
    if (outcome) return outcome;
  }
  return undefined;
}
