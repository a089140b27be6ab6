import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { MobileNumber } from '@shop/contract/verification';

/** The account's stored E.164 number ("+4915112345678") as the calling code and national number the code call takes. */
export function mobileParts(e164: string): MobileNumber | undefined {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? { dialCode: parsed.countryCallingCode, number: parsed.nationalNumber } : undefined;
}

/** "+49 151****678": enough to recognise one's own number on a shared screen without showing all of it. */
export function maskMobile(e164: string): string {
  const parts = mobileParts(e164);
  if (!parts) return e164;
  const national = parts.number;
  const shown = Math.min(3, Math.floor(national.length / 3));
  return `+${parts.dialCode} ${national.slice(0, shown)}${'*'.repeat(Math.max(national.length - shown * 2, 1))}${national.slice(-shown)}`;
}

/** "pl***@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  const name = email.slice(0, at);
  return `${name.slice(0, Math.min(2, name.length - 1))}***${email.slice(at)}`;
}
