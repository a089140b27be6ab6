import { randomInt } from 'node:crypto';

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DIGITS = '0123456789';
const LOWER_HEX = '0123456789abcdef';

function randomFrom(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/**
 * Ids are random rather than counters: the shop keeps provider ids in its database across sandbox restarts,
 * so a restarted stand-in must never hand out an id it already used.
 */
export const upperAlnum = (length: number): string => randomFrom(UPPER_ALNUM, length);
export const alnum = (length: number): string => randomFrom(ALNUM, length);
export const digits = (length: number): string => randomFrom(DIGITS, length);
export const lowerHex = (length: number): string => randomFrom(LOWER_HEX, length);
