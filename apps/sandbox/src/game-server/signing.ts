import { createHmac } from 'node:crypto';
import { safeEqual } from '../shared/secure.ts';

/**
 * Calls from the shop to a game server are signed (SECURITY.md): `x-game-signature` = hex HMAC-SHA256 with the game's
 * secret over `${x-game-timestamp}.${raw body}`, the timestamp in unix seconds and at most 5 minutes off.
 */
export const SIGNATURE_HEADER = 'x-game-signature';
export const TIMESTAMP_HEADER = 'x-game-timestamp';
export const MAX_SKEW_SECONDS = 300;

export const signGameRequest = (secret: string, timestamp: number, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');

export function verifyGameRequest(secret: string, timestampHeader: unknown, signature: unknown, rawBody: string, nowMs = Date.now()): boolean {
  if (typeof timestampHeader !== 'string' || !/^\d{1,12}$/.test(timestampHeader) || typeof signature !== 'string') return false;
  const timestamp = Number(timestampHeader);
  if (Math.abs(nowMs / 1000 - timestamp) > MAX_SKEW_SECONDS) return false;
  return safeEqual(signGameRequest(secret, timestamp, rawBody), signature.toLowerCase());
}
