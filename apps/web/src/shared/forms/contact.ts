import { AccountType, type MobileNumber } from '@shop/contract/verification';
import { checkEmail, checkMobile, type ValidationKey } from './validation';

export type ContactKind = 'email' | 'mobile';

export interface ContactInput {
  kind: ContactKind;
  email: string;
  dialCode: string;
  number: string;
}

export type Contact = { accountType: typeof AccountType.email; email: string } | { accountType: typeof AccountType.mobile; mobile: MobileNumber };

/** The e-mail or phone of a form, trimmed, or the message key of what is wrong with it. */
export function contactOf(input: ContactInput): Contact | ValidationKey {
  if (input.kind === 'email') {
    const problem = checkEmail(input.email);
    return problem ?? { accountType: AccountType.email, email: input.email.trim() };
  }
  const problem = checkMobile(input.dialCode, input.number);
  return problem ?? { accountType: AccountType.mobile, mobile: { dialCode: input.dialCode, number: input.number.trim() } };
}

/** What "get code" sends (without the bot-check token), or the message key of what is wrong with the e-mail / phone. */
export function targetFor(input: ContactInput, purpose: number) {
  const target = contactOf(input);
  return typeof target === 'string' ? target : { ...target, purpose };
}
