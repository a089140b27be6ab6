import { describe, expect, it } from 'vitest';
import { bindNewResolver, verifyCurrentResolver, type BindNewInput } from './contact-change-form';

const options = { fields: {}, shouldUseNativeValidation: false, names: undefined } as const;
const messages = (errors: Record<string, { message?: string } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
const bind = (input: BindNewInput) => bindNewResolver(input, undefined, options);

describe('step 1 of a change: the code sent to the current contact', () => {
  it('becomes the contract body, trimmed', async () => {
    const answer = await verifyCurrentResolver('mobile')({ code: ' 123456 ' }, undefined, options);
    expect(answer).toEqual({ values: { code: '123456' }, errors: {} });
  });

  it("answers the message of where the code was sent", async () => {
    expect(messages((await verifyCurrentResolver('mobile')({ code: '12' }, undefined, options)).errors)).toEqual({ code: 'auth.v.code' });
    expect(messages((await verifyCurrentResolver('email')({ code: '12' }, undefined, options)).errors)).toEqual({ code: 'auth.v.emailCode' });
  });
});

describe('the new phone or e-mail', () => {
  it('becomes the contract body of an e-mail change with its ticket', async () => {
    const answer = await bind({ contact: { kind: 'email', email: ' New@Example.com ', dialCode: '1', number: '' }, code: '123456', ticket: 'T1' });
    expect(answer.errors).toEqual({});
    expect(answer.values).toEqual({ ticket: 'T1', email: 'new@example.com', code: '123456' });
  });

  it('becomes the contract body of a first phone bind, without a ticket', async () => {
    const answer = await bind({ contact: { kind: 'mobile', email: '', dialCode: '44', number: '7911 123456' }, code: ' 123456 ' });
    expect(answer.values).toEqual({ mobile: { dialCode: '44', number: '7911 123456' }, code: '123456' });
  });

  it('answers the i18n key of each problem on its field', async () => {
    const { errors } = await bind({ contact: { kind: 'mobile', email: '', dialCode: '44', number: '12' }, code: '' });
    expect(messages(errors)).toEqual({ contact: 'auth.v.number', code: 'auth.v.required' });
  });
});
