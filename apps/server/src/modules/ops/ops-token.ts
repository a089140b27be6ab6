import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares the bearer token with the configured one in constant time; no configured token refuses everyone. */
export function opsTokenMatches(configured: string | undefined, authorization: string | undefined): boolean {
  if (!configured || !authorization?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(authorization.slice(7).trim()), digest(configured));
}
