import { isValidPhoneNumber } from 'libphonenumber-js';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shop/contract/account';
import type { ContactKind } from './contact';

/** i18n keys of the spec's section 5 messages. */
export const V = {
  required: 'auth.v.required',
  number: 'auth.v.number',
  email: 'auth.v.email',
  password: 'auth.v.password',
  mismatch: 'auth.v.mismatch',
  code: 'auth.v.code',
  emailCode: 'auth.v.emailCode',
  agree: 'auth.v.agree',
  dynamicToken: 'auth.v.dynamicToken',
} as const;
export type ValidationKey = (typeof V)[keyof typeof V];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string): ValidationKey | undefined {
  const v = value.trim();
  if (!v) return V.required;
  return EMAIL.test(v) && v.length <= 254 ? undefined : V.email;
}

/** dialCode "44" or "+44", national number with spaces/dashes allowed. */
export function checkMobile(dialCode: string, number: string): ValidationKey | undefined {
  const n = number.trim();
  if (!n) return V.required;
  const dial = dialCode.replace(/[^\d]/g, '');
  if (!dial || !/^[\d\s\-().]+$/.test(n)) return V.number;
  try {
    return isValidPhoneNumber(`+${dial}${n.replace(/[^\d]/g, '')}`) ? undefined : V.number;
  } catch {
    return V.number;
  }
}

/** Passwords are not trimmed (contract): 8 to 64 characters. */
export function checkPassword(value: string): ValidationKey | undefined {
  if (!value) return V.required;
  return value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX ? undefined : V.password;
}

export function checkConfirm(password: string, confirm: string): ValidationKey | undefined {
  if (!confirm) return V.required;
  return password === confirm ? undefined : V.mismatch;
}

/** Codes are 6 digits. A malformed one is "SMS Code Invalid" for a phone, "Verification code invalid or incorrect" for an e-mail. */
export function checkCode(value: string, sentTo: ContactKind): ValidationKey | undefined {
  const v = value.trim();
  if (!v) return V.required;
  if (/^\d{6}$/.test(v)) return undefined;
  return sentTo === 'email' ? V.emailCode : V.code;
}
