import { RuntimeConfig, RUNTIME_CONFIG_ELEMENT_ID } from '@shop/contract/runtime-config';

/** Used when the page has no injected configuration (the Vite dev server) or it does not validate. */
export const DEVELOPMENT_CONFIG: RuntimeConfig = {
  environment: 'development',
  apiBase: '/api',
  buildId: 'dev',
  iframePayment: false,
  paymentHosts: ['http://localhost:8080'],
  xsolla: { scriptUrl: '/sandbox/xsolla/embed/paystation/1.2.3/widget.min.js', payStationUrl: '/sandbox/xsolla/paystation4/', sandbox: true },
  features: { cart: false, otpLogin: false },
  links: { terms: '#', privacy: '#', refund: '#', contact: '#', tutorial: '#' },
};

/** Parses the JSON text of the config element; undefined when absent, invalid JSON or not matching the schema. */
export function parseRuntimeConfig(text: string | null | undefined): RuntimeConfig | undefined {
  if (!text || !text.trim()) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    console.error('shop-config: not valid JSON');
    return undefined;
  }
  const parsed = RuntimeConfig.safeParse(json);
  if (!parsed.success) {
    console.error('shop-config: does not match RuntimeConfig', parsed.error.issues);
    return undefined;
  }
  return parsed.data;
}

let current: RuntimeConfig | undefined;

/** The runtime configuration, read once from `<script type="application/json" id="shop-config">`. */
export function getConfig(): RuntimeConfig {
  if (!current) {
    const element = typeof document === 'undefined' ? null : document.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
    current = parseRuntimeConfig(element?.textContent) ?? DEVELOPMENT_CONFIG;
  }
  return current;
}

/** For tests and for the dev server. */
export function setConfig(config: RuntimeConfig): void {
  current = config;
}
