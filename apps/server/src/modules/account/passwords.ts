import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shop/contract/account';
import { invalid } from '../../shared/domain-errors.ts';

/** argon2id, 19 MiB, t = 2, p = 1 (SECURITY.md, ASVS 11.4.2). */
export const ARGON2_OPTIONS = {
  algorithm: 2 as unknown as Algorithm, // Algorithm.Argon2id (a const enum the type-only import cannot name)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * 8..64 characters (code points): every stored password has this length, so no other input can match one, and nothing
 * longer is ever handed to argon2. The rule is the same for every account: refusing early reveals nothing.
 */
export function hasPasswordLength(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX;
}

/** Checks a new password and its confirmation: "Password Invalid" (not 8..64 characters), "Passwords do not match". */
export function checkNewPassword(password: string, confirmPassword: string): void {
  if (!hasPasswordLength(password)) throw invalid('passwordInvalid');
  if (password !== confirmPassword) throw invalid('passwordsDoNotMatch');
}

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash; without one (unknown account, account without password) it verifies
 * against a dummy hash with the same parameters, so both cases take about as long. Callers refuse a password without
 * hasPasswordLength before (no argon2 time for it); the check here keeps an over-long input away from argon2 anyway.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!hasPasswordLength(password)) return false;
  dummyHash ??= hashPassword('dummy password for timing');
  const ok = await verify(stored || (await dummyHash), password).catch(() => false);
  return ok && Boolean(stored);
}
