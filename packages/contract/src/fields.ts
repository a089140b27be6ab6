import { z } from 'zod';

/** A trimmed, non-empty string of bounded length: the default for every text field a client sends. */
export const text = (max: number) => z.string().trim().min(1).max(max);

/** Ids the game passes through query strings arrive as strings or numbers; we keep them as strings. */
export const gameIdText = z.union([z.string(), z.number().int()]).transform((value) => String(value).trim()).pipe(z.string().min(1).max(64));

export const intFromAny = z.coerce.number().int();

/** Our database ids (bigserial) are sent as positive integers. */
export const entityId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const regionCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'regionCode must be a two-letter country code');

export const currencyCode = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/);

/** Money as the API shows it: major units with the currency's decimals (4.99). The database keeps integer minor units. */
export const money = z.number().nonnegative();
