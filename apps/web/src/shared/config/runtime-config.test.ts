import { describe, expect, it, vi } from 'vitest';
import { DEVELOPMENT_CONFIG, parseRuntimeConfig } from './runtime-config';

describe('parseRuntimeConfig', () => {
  it('accepts a valid configuration block', () => {
    const production = { ...DEVELOPMENT_CONFIG, environment: 'production', buildId: 'abc', paymentHosts: ['https://secure.xsolla.com'] };
    expect(parseRuntimeConfig(JSON.stringify(production))).toEqual(production);
  });

  it('returns undefined for a missing, broken or wrong-shaped block (the app then uses the development default)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(parseRuntimeConfig(null)).toBeUndefined();
    expect(parseRuntimeConfig('  ')).toBeUndefined();
    expect(parseRuntimeConfig('{oops')).toBeUndefined();
    expect(parseRuntimeConfig(JSON.stringify({ ...DEVELOPMENT_CONFIG, environment: 'staging' }))).toBeUndefined();
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
