import type { AppConfig } from '../../config.ts';
import type { PaymentProvider, ProviderName } from './payment-provider.ts';
import { PayermaxClient } from './payermax/payermax-client.ts';
import { PayermaxProvider } from './payermax/payermax-provider.ts';
import { PaypalClient } from './paypal/paypal-client.ts';
import { PaypalProvider } from './paypal/paypal-provider.ts';
import type { ProviderClientOptions } from './provider-http.ts';
import { XsollaClient } from './xsolla/xsolla-client.ts';
import { XsollaProvider } from './xsolla/xsolla-provider.ts';

/** The providers' HTTP clients (tests and the sandbox checks reach them directly). */
export interface PaymentClients {
  paypal: PaypalClient;
  xsolla: XsollaClient;
  payermax: PayermaxClient;
}

/** The payment providers by name: the one place that knows which providers exist. */
export class PaymentProviders {
  private readonly byName: ReadonlyMap<string, PaymentProvider>;

  constructor(providers: PaymentProvider[]) {
    this.byName = new Map(providers.map((provider) => [provider.name, provider]));
  }

  /** The provider of this name, or undefined for a name we do not take money with (an order without a channel). */
  find(name: string | null | undefined): PaymentProvider | undefined {
    return name ? this.byName.get(name) : undefined;
  }

  /** The provider of this name; an unknown one is a programming error (names come from our own rows). */
  get(name: string | null | undefined): PaymentProvider {
    const provider = this.find(name);
    if (!provider) throw new Error(`unknown payment provider ${String(name)}`);
    return provider;
  }

  names(): ProviderName[] {
    return [...this.byName.keys()] as ProviderName[];
  }
}

/** Builds each provider from its configuration (production hosts and keys, or the sandbox's). */
export function createPaymentProviders(config: Pick<AppConfig, 'paypal' | 'xsolla' | 'payermax'>, options: ProviderClientOptions = {}): { providers: PaymentProviders; clients: PaymentClients } {
  const clients: PaymentClients = {
    paypal: new PaypalClient(config.paypal, options),
    xsolla: new XsollaClient(config.xsolla, options),
    payermax: new PayermaxClient(config.payermax, options),
  };
  const providers = new PaymentProviders([
    new PaypalProvider(clients.paypal),
    new XsollaProvider(clients.xsolla, { secretKey: config.xsolla.secretKey, sandbox: config.xsolla.sandbox }),
    new PayermaxProvider(clients.payermax),
  ]);
  return { providers, clients };
}
