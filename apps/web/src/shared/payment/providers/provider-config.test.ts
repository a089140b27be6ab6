import { describe, expect, it } from 'vitest';
import { PROVIDERS_DEVELOPMENT_CONFIG, providersConfigProblem } from './provider-config';

describe("the providers' part of the runtime configuration", () => {
  const pages = PROVIDERS_DEVELOPMENT_CONFIG.xsolla;

  it('accepts the development default, with or without a host name', () => {
    expect(providersConfigProblem({ ...PROVIDERS_DEVELOPMENT_CONFIG })).toBeUndefined();
    expect(providersConfigProblem({ xsolla: { ...pages, host: 'sandbox-secure.xsolla.com' } })).toBeUndefined();
  });

  it('names the field that is missing or of another type', () => {
    expect(providersConfigProblem({})).toBe('xsolla');
    expect(providersConfigProblem({ xsolla: [] })).toBe('xsolla');
    expect(providersConfigProblem({ xsolla: { ...pages, scriptUrl: undefined } })).toBe('xsolla');
    expect(providersConfigProblem({ xsolla: { ...pages, sandbox: 'yes' } })).toBe('xsolla');
    expect(providersConfigProblem({ xsolla: { ...pages, host: 443 } })).toBe('xsolla.host');
  });
});
