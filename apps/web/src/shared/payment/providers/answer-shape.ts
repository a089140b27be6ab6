/**
 * Hand checks of the providers' answers, the shapes of the contract's XsollaPayResponse, PaypalPayResponse and
 * PayermaxPayResponse (checkout.schema.ts): the provider map loads with the voucher page, which carries no zod (ADR 0034,
 * docs/adr/0034-shop-data-layer.md). Each provider's test checks its check agrees with the schema.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each of these fields is absent or a string (zod's `z.string().optional()`). */
export const hasOptionalStrings = (value: Record<string, unknown>, keys: readonly string[]) =>
  keys.every((key) => value[key] === undefined || typeof value[key] === 'string');
