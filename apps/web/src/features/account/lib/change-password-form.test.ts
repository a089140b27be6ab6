import { describe, expect, it } from 'vitest';
import { changePasswordFormResolver, type ChangePasswordFormInput } from './change-password-form';

const options = { fields: {}, shouldUseNativeValidation: false, names: undefined } as const;
const resolve = (input: ChangePasswordFormInput) => changePasswordFormResolver(input, undefined, options);
const messages = (errors: Record<string, { message?: unknown } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));

describe('the change-password form', () => {
  it('becomes the contract body when every field is right (passwords are not trimmed)', async () => {
    const answer = await resolve({ oldPassword: ' old-secret ', password: 'new-secret', confirm: 'new-secret' });
    expect(answer.errors).toEqual({});
    expect(answer.values).toEqual({ oldPassword: ' old-secret ', password: 'new-secret', confirmPassword: 'new-secret' });
  });

  it('answers the i18n key of each problem on its field', async () => {
    expect(messages((await resolve({ oldPassword: '', password: 'short', confirm: 'other' })).errors)).toEqual({
      oldPassword: 'auth.v.required',
      password: 'auth.v.password',
      confirm: 'auth.v.mismatch',
    });
    expect(messages((await resolve({ oldPassword: 'x'.repeat(65), password: 'new-secret', confirm: '' })).errors)).toEqual({
      oldPassword: 'auth.v.password',
      confirm: 'auth.v.required',
    });
  });
});
