import { describe, expect, it } from 'vitest';
import { dynamicTokenFormResolver } from './dynamic-token-form';

const options = { fields: {}, shouldUseNativeValidation: false, names: undefined } as const;
const resolve = (token: string) => dynamicTokenFormResolver({ token }, undefined, options);

describe('the dynamic-token form', () => {
  it('becomes the contract body, trimmed', async () => {
    const answer = await resolve('  eyJhbGciOi.payload.sig \n');
    expect(answer.errors).toEqual({});
    expect(answer.values).toEqual({ token: 'eyJhbGciOi.payload.sig' });
  });

  it('asks for a token when it is empty or blank', async () => {
    for (const token of ['', '   ']) expect((await resolve(token)).errors.token?.message).toBe('auth.v.required');
  });

  it("refuses what the contract refuses with the server's message for a bad token, before any request", async () => {
    for (const token of ['x'.repeat(2049), 'abc\u0000def', 'abc\u0007def']) {
      expect((await resolve(token)).errors.token?.message).toBe('auth.v.dynamicToken');
    }
  });
});
