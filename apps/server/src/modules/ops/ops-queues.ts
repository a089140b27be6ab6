import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { OpsDeliveryError as OpsDeliveryErrorSchema, OpsRefundRequest as OpsRefundRequestSchema } from '@shop/contract/ops';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { Db } from '../../db/client.ts';
import { orders, refundRequests } from '../../db/schema.ts';
import { DELIVER_ORDER_JOB } from '../fulfilment/delivery.service.ts';

type OpsRefundRequest = z.infer<typeof OpsRefundRequestSchema>;
type OpsDeliveryError = z.infer<typeof OpsDeliveryErrorSchema>;

/** The machine API's work lists (the console has its own, richer queues in console/orders/order-queues.ts). */

/** Players' refund requests nobody has answered yet, oldest first. */
export async function openRefundRequests(db: Db, limit: number): Promise<OpsRefundRequest[]> {
  const rows = await db
    .select({ request: refundRequests, order: orders })
    .from(refundRequests)
    .innerJoin(orders, eq(orders.id, refundRequests.orderId))
    .where(eq(refundRequests.status, 'requested'))
    .orderBy(asc(refundRequests.createdAt))
    .limit(limit);
  return rows.map(({ request, order }) => ({
    orderId: order.id,
    orderSn: order.orderSn,
    orderStatus: order.status,
    provider: order.thirdChannelName,
    payAmountMinor: order.payAmountMinor,
    currency: order.currency,
    reason: request.reason,
    requestedAt: request.createdAt.toISOString(),
  }));
}

/** Paid orders whose delivery to the game gave up (status 8), with the game's last answer, longest waiting first. */
export async function deliveryErrors(db: Db, limit: number): Promise<OpsDeliveryError[]> {
  const result = await db.execute(sql`
    SELECT o.id, o.order_sn, o.app_id, o.order_source, o.paid_at,
           (SELECT j.last_error FROM jobs j WHERE j.kind = ${DELIVER_ORDER_JOB} AND (j.payload->>'orderId')::bigint = o.id
             ORDER BY j.id DESC LIMIT 1) AS last_error
      FROM orders o
     WHERE o.status = ${OrderStatus.DELIVERY_ERROR}
     ORDER BY o.updated_at
     LIMIT ${limit}`);
  const rows = (result as unknown as { rows: { id: string | number; order_sn: string; app_id: number; order_source: string; paid_at: Date | string | null; last_error: string | null }[] }).rows;
  return rows.map((row) => ({
    orderId: Number(row.id),
    orderSn: row.order_sn,
    appId: Number(row.app_id),
    orderSource: row.order_source,
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    lastError: row.last_error,
  }));
}
