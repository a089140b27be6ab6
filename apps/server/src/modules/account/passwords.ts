import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shop/contract/account';
import { badRequest } from '../../http/errors.ts';

/** argon2id, 19 MiB, t = 2, p = 1 (SECURITY.md, ASVS 11.4.2). */
export const ARGON2_OPTIONS = {
  algorithm: 2 as unknown as Algorithm, // Algorithm.Argon2id (a const enum the type-only import cannot name)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Checks a new password and its confirmation: "Password Invalid" (not 8..64 characters), "Passwords do not match". */
export function checkNewPassword(password: string, confirmPassword: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) throw badRequest('passwordInvalid');
  if (password !== confirmPassword) throw badRequest('passwordsDoNotMatch');
}

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash; without one (unknown account, account without password) it verifies
 * against a dummy hash with the same parameters, so both cases take about as long. Over-long inputs are never hashed.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  const tooLong = [...password].length > PASSWORD_MAX;
  dummyHash ??= hashPassword('dummy password for timing');
  const target = stored && !tooLong ? stored : await dummyHash;
  const ok = await verify(target, tooLong ? 'x' : password).catch(() => false);
  return ok && Boolean(stored) && !tooLong;
}
