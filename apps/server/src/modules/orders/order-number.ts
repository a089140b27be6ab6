import { randomInt } from 'node:crypto';

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * Order numbers: 12 digits of UTC time (yyMMddHHmmss) then 10 random digits. The spec shows them from the 13th
 * character on, so the part players read and quote is the random one; the time prefix keeps them sortable.
 * Letters/digits only, so every provider accepts it as its reference (PayerMax outTradeNo, Xsolla external_id).
 */
export function newOrderSn(now = new Date()): string {
  const time =
    pad(now.getUTCFullYear() % 100, 2) +
    pad(now.getUTCMonth() + 1, 2) +
    pad(now.getUTCDate(), 2) +
    pad(now.getUTCHours(), 2) +
    pad(now.getUTCMinutes(), 2) +
    pad(now.getUTCSeconds(), 2);
  return time + pad(randomInt(0, 100_000), 5) + pad(randomInt(0, 100_000), 5);
}
