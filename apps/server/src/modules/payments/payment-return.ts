import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PaymentOutcome } from '@shop/contract/payment-return';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { notFound } from '../../shared/domain-errors.ts';
import { minorToMajorNumber } from '../../shared/money.ts';

/** 128 bits of HMAC-SHA256, base64url: 22 characters. */
const MAC_BYTES = 16;

const macOf = (secret: string, orderId: number) =>
  createHmac('sha256', secret).update(`payment-return\n${orderId}`).digest().subarray(0, MAC_BYTES);

/**
 * The reference the return address carries (`ref`): the order id and a MAC of it under the server's secret. Only the
 * server can make one, so only the browser the provider sends back can look the order up without a session; it
 * needs no column, and every instance with the same JWT_SECRET accepts it.
 */
export function paymentReturnRef(secret: string, orderId: number): string {
  return `${orderId}.${macOf(secret, orderId).toString('base64url')}`;
}

/** The order a reference names, when its MAC is right (compared in constant time); undefined otherwise. */
export function orderIdOfReturnRef(secret: string, ref: string): number | undefined {
  const [id, mac] = ref.split('.');
  const orderId = Number(id);
  if (!mac || !Number.isSafeInteger(orderId) || orderId <= 0) return undefined;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(secret, orderId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : undefined;
}

/**
 * The return page's answer without a session: the order's status and amount, nothing that names the player or the
 * goods. A wrong reference is "not found" before the database is asked, like an order that does not exist.
 */
export async function paymentOutcomeOf(db: Db, secret: string, ref: string): Promise<PaymentOutcome> {
  const orderId = orderIdOfReturnRef(secret, ref);
  if (orderId === undefined) throw notFound('orderNotFound');
  const [order] = await db
    .select({ status: orders.status, payAmountMinor: orders.payAmountMinor, currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw notFound('orderNotFound');
  return { status: order.status, payAmount: minorToMajorNumber(order.payAmountMinor, order.currency), currency: order.currency };
}
