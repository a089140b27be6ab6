import type { RuntimeConfig } from '@shop/contract/runtime-config';
import { hasOptionalStrings, isRecord } from './answer-shape';

/**
 * The providers' parts of the runtime configuration: their development defaults (the sandbox's stand-ins) and the check
 * of their shape. Apart from the providers themselves: the configuration is read below the API client they use.
 */
export const PROVIDERS_DEVELOPMENT_CONFIG: Pick<RuntimeConfig, 'xsolla'> = {
  xsolla: { scriptUrl: '/sandbox/xsolla/embed/paystation/1.2.3/widget.min.js', payStationUrl: '/sandbox/xsolla/paystation4/', sandbox: true },
};

/** What is wrong with the providers' parts of the injected configuration (the field's name), or undefined. */
export function providersConfigProblem(json: Record<string, unknown>): string | undefined {
  const xsolla = json.xsolla;
  if (!isRecord(xsolla)) return 'xsolla';
  if (typeof xsolla.scriptUrl !== 'string' || typeof xsolla.payStationUrl !== 'string' || typeof xsolla.sandbox !== 'boolean') return 'xsolla';
  if (!hasOptionalStrings(xsolla, ['host'])) return 'xsolla.host';
  return undefined;
}
