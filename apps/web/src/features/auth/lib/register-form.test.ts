import { describe, expect, it } from 'vitest';
import { AccountType } from '@shop/contract/verification';
import { registerFormResolver, type RegisterFormInput } from './register-form';

const options = { fields: {}, shouldUseNativeValidation: false, names: undefined } as const;
const email = (value: string) => ({ kind: 'email' as const, email: value, dialCode: '1', number: '' });
const resolve = (input: RegisterFormInput) => registerFormResolver(input, undefined, options);
const filled: RegisterFormInput = { country: 'DE', contact: email(' Player@Example.com '), code: ' 123456 ', password: 'secret-pass', confirm: 'secret-pass', agree: true };

describe('the register form', () => {
  it('becomes the contract body when every field is right', async () => {
    const answer = await resolve(filled);
    expect(answer.errors).toEqual({});
    expect(answer.values).toEqual({
      accountType: AccountType.email,
      email: 'player@example.com',
      code: '123456',
      password: 'secret-pass',
      confirmPassword: 'secret-pass',
      countryCode: 'DE',
      agreeTerms: true,
    });
  });

  it('answers the i18n key of each problem on its field', async () => {
    const { errors } = await resolve({ country: 'DE', contact: email('nope'), code: '12', password: 'short', confirm: 'other', agree: false });
    expect(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]))).toEqual({
      contact: 'auth.v.email',
      code: 'auth.v.emailCode',
      password: 'auth.v.password',
      confirm: 'auth.v.mismatch',
      agree: 'auth.v.agree',
    });
  });

  it('asks to accept the terms once the rest is right', async () => {
    const { errors } = await resolve({ ...filled, agree: false });
    expect(errors.agree?.message).toBe('auth.v.agree');
    expect(Object.keys(errors)).toEqual(['agree']);
  });
});
