import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (int4) column: a bigger id cannot exist, and the database refuses it with an error. */
export const INT4_MAX = 2_147_483_647;

/**
 * C0 control characters and DEL. PostgreSQL refuses NUL in text (the request failed with a 500), and no other control
 * character belongs in an id, a code, a name or an address a client sends either.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
/** The same, but tabs and line breaks stay: text a person writes in a text area. */
// eslint-disable-next-line no-control-regex -- as above
const WITHOUT_CONTROL_CHARACTERS_BUT_LINE_BREAKS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** The schemas' wording when a string holds a control character (the catalogue import reports it by this text). */
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

/**
 * A trimmed single-line string without control characters: the base of every string field a client sends (chain
 * `.min()`, `.max()`, `.toLowerCase()`...). Secrets that are only hashed (passwords) are the exception.
 */
export const plainString = () => z.string().trim().regex(WITHOUT_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);

/** A trimmed string a person writes, such as a refund reason: tabs and line breaks allowed, other control characters refused. */
export const freeText = (max: number) =>
  z.string().trim().regex(WITHOUT_CONTROL_CHARACTERS_BUT_LINE_BREAKS, CONTROL_CHARACTERS_MESSAGE).max(max);

/** A trimmed, non-empty single-line string of bounded length: the default for every text field a client sends. */
export const text = (max: number) => plainString().min(1).max(max);

/** Ids the game passes through query strings arrive as strings or numbers; we keep them as strings. */
export const gameIdText = z.union([z.string(), z.number().int()]).transform((value) => String(value).trim()).pipe(plainString().min(1).max(64));

/** Our database ids (bigserial) are sent as positive integers. */
export const entityId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Ids of `integer` (int4) columns: products, pay channels, categories, games. */
export const int4Id = z.coerce.number().int().positive().max(INT4_MAX);

export const regionCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'regionCode must be a two-letter country code');

export const currencyCode = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/);

/** Money as the API shows it: major units with the currency's decimals (4.99). The database keeps integer minor units. */
export const money = z.number().nonnegative();
