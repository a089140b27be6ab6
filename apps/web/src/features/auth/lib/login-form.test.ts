import { describe, expect, it } from 'vitest';
import { LoginType } from '@shop/contract/account';
import { loginFormResolver, type LoginFormInput } from './login-form';

const options = { fields: {}, shouldUseNativeValidation: false, names: undefined } as const;
const email = (value: string) => ({ kind: 'email' as const, email: value, dialCode: '1', number: '' });
const resolve = (input: LoginFormInput) => loginFormResolver(input, undefined, options);
const messages = (errors: Record<string, { message?: string } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));

describe('the login form', () => {
  it('becomes the contract body of an e-mail login', async () => {
    const answer = await resolve({ contact: email(' Player@Example.com '), password: 'secret-pass' });
    expect(answer.errors).toEqual({});
    expect(answer.values).toEqual({ loginType: LoginType.email, email: 'player@example.com', password: 'secret-pass' });
  });

  it('becomes the contract body of a phone login', async () => {
    const answer = await resolve({ contact: { kind: 'mobile', email: '', dialCode: '44', number: '7911 123456' }, password: 'secret-pass' });
    expect(answer.values).toEqual({ loginType: LoginType.mobile, mobile: { dialCode: '44', number: '7911 123456' }, password: 'secret-pass' });
  });

  it('answers the i18n key of each problem on its field', async () => {
    expect(messages((await resolve({ contact: email('nope'), password: 'short' })).errors)).toEqual({ contact: 'auth.v.email', password: 'auth.v.password' });
    expect(messages((await resolve({ contact: { kind: 'mobile', email: '', dialCode: '1', number: '' }, password: '' })).errors)).toEqual({
      contact: 'auth.v.required',
      password: 'auth.v.required',
    });
  });
});
