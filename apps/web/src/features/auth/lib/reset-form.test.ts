import { describe, expect, it } from 'vitest';
import { AccountType } from '@shop/contract/verification';
import { resetFormResolver, type ResetFormInput } from './reset-form';

const options = { fields: {}, shouldUseNativeValidation: false, names: undefined } as const;
const email = (value: string) => ({ kind: 'email' as const, email: value, dialCode: '1', number: '' });
const resolve = (input: ResetFormInput) => resetFormResolver(input, undefined, options);

describe('the forget-password form', () => {
  it('becomes the contract body when every field is right', async () => {
    const answer = await resolve({ contact: email(' Player@Example.com '), code: ' 123456 ', password: 'secret-pass', confirm: 'secret-pass' });
    expect(answer.errors).toEqual({});
    expect(answer.values).toEqual({ accountType: AccountType.email, email: 'player@example.com', code: '123456', password: 'secret-pass', confirmPassword: 'secret-pass' });
  });

  it('answers the i18n key of each problem on its field', async () => {
    const { errors } = await resolve({ contact: email('nope'), code: '12', password: 'short', confirm: 'other' });
    expect(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]))).toEqual({
      contact: 'auth.v.email',
      code: 'auth.v.emailCode',
      password: 'auth.v.password',
      confirm: 'auth.v.mismatch',
    });
  });
});
