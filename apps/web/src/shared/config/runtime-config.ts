import { RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_ENVIRONMENTS, type RuntimeConfig } from '@shop/contract/runtime-config';
import { PROVIDERS_DEVELOPMENT_CONFIG, providersConfigProblem } from '../payment/providers/provider-config';

/** Used when the page has no injected configuration (the Vite dev server) or it does not validate. */
export const DEVELOPMENT_CONFIG: RuntimeConfig = {
  environment: 'development',
  apiBase: '/api',
  buildId: 'dev',
  iframePayment: false,
  paymentHosts: ['http://localhost:8080'],
  ...PROVIDERS_DEVELOPMENT_CONFIG,
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
  const problem = runtimeConfigProblem(json);
  if (problem) {
    console.error('shop-config: does not match RuntimeConfig', problem);
    return undefined;
  }
  return json as RuntimeConfig;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const allOf = (value: unknown, keys: readonly string[], type: 'string' | 'boolean'): value is Record<string, unknown> =>
  isObject(value) && keys.every((key) => typeof value[key] === type);

/**
 * What is wrong with the injected configuration, or undefined: a check of its shape without zod (the schema,
 * RuntimeConfig of @shop/contract/runtime-config.schema, would weigh on every first load). The server builds the block
 * from that schema's type, so this guards against a stale or hand-edited page, not a hostile one.
 */
function runtimeConfigProblem(json: unknown): string | undefined {
  if (!isObject(json)) return 'not an object';
  if (!RUNTIME_ENVIRONMENTS.includes(json.environment as RuntimeConfig['environment'])) return 'environment';
  if (!allOf(json, ['apiBase', 'buildId'], 'string')) return 'apiBase, buildId';
  if (typeof json.iframePayment !== 'boolean') return 'iframePayment';
  if (!Array.isArray(json.paymentHosts) || !json.paymentHosts.every((host) => typeof host === 'string')) return 'paymentHosts';
  const providersProblem = providersConfigProblem(json);
  if (providersProblem) return providersProblem;
  if (!allOf(json.features, ['cart', 'otpLogin'], 'boolean')) return 'features';
  if (json.analyticsId !== undefined && typeof json.analyticsId !== 'string') return 'analyticsId';
  if (!allOf(json.links, ['terms', 'privacy', 'refund', 'contact', 'tutorial'], 'string')) return 'links';
  return undefined;
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
