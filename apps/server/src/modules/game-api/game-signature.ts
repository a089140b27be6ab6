import { timingSafeEqual } from 'node:crypto';
import { GAME_SIGNATURE_WINDOW_SECONDS } from '@shop/contract/game-api';
import { signGameRequest } from '../games/game-server-client.ts';

/**
 * Checks a game server's request: the timestamp (unix seconds) within the window of the shop's clock and the HMAC over
 * `${timestamp}.${raw body}` with the game's secret, compared in constant time.
 */
export function verifyGameSignature(
  secret: string,
  timestampHeader: unknown,
  signatureHeader: unknown,
  rawBody: string,
  nowMs: number = Date.now(),
): boolean {
  if (typeof timestampHeader !== 'string' || !/^\d{1,12}$/.test(timestampHeader)) return false;
  if (typeof signatureHeader !== 'string' || !/^[0-9a-f]{64}$/i.test(signatureHeader)) return false;
  const timestamp = Number(timestampHeader);
  if (Math.abs(nowMs / 1000 - timestamp) > GAME_SIGNATURE_WINDOW_SECONDS) return false;
  const expected = Buffer.from(signGameRequest(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signatureHeader.toLowerCase(), 'hex'));
}
