import { eq, sql } from 'drizzle-orm';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { GameServerConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { gameAccounts, orderItems, orders, products, refunds } from '../../db/schema.ts';
import { enqueue, type JobHandler } from '../../jobs/outbox.ts';
import { GameServerError, ORDER_REVOKED, type GameServerClient } from '../games/game-server-client.ts';
import type { OrderProcess } from '../orders/order-state-machine.ts';
import type { OpsAlerts } from '../notifications/ops-alerts.ts';
import { rows, typedSql } from '../../db/statement.ts';

export const DELIVER_ORDER_JOB = 'order.deliver';
export const REVOKE_ORDER_JOB = 'order.revoke';

/** How a call to deliver an order to the game ended: taken, failed (to be retried), refused as revoked (refunded). */
export type DeliveryResult = 'delivered' | 'failed' | 'revoked';
/** Told of every delivery call (the metrics). */
export interface DeliveryObserver {
  deliveryAttempted(appId: number, result: DeliveryResult): void;
}

/**
 * Delivery of paid shop and gift orders to the game, from the outbox:
 * - the job is written in the transaction that makes the order paid (settlement, gift claim), key `deliver:<id>`;
 * - it calls the game server with the order number as idempotency key, so a retry after a timeout or a crash between
 *   the game's answer and our commit delivers once;
 * - success moves 2 (or 8) -> 3 with the state machine's conditional update (a second run finds it done);
 * - each failure is retried with doubling delays; after the last attempt the order moves 2 -> 8 (Delivery Error);
 * - `retry` re-enqueues an order in 8 (the player's v1/order/confirm, or an operator);
 * - a refunded shop order's goods are revoked at the game (`order.revoke`, written with the refund), idempotent by order
 *   number; the game then refuses any delivery of that order (ORDER_REVOKED), so one still in flight cannot land.
 */
export class DeliveryService {
  constructor(
    private readonly db: Db,
    private readonly process: OrderProcess,
    private readonly gameServer: GameServerClient,
    private readonly config: GameServerConfig,
    private readonly log: FastifyBaseLogger,
    private readonly alerts: OpsAlerts,
    private readonly observer: DeliveryObserver,
  ) {}

  /** Call inside the transaction that made the order paid. */
  static enqueue(tx: Executor, orderId: number, dedupeKey = `deliver:${orderId}`): Promise<void> {
    return enqueue(tx, { kind: DELIVER_ORDER_JOB, payload: { orderId }, dedupeKey });
  }

  /** Call inside the transaction that refunded a shop order. */
  static enqueueRevoke(tx: Executor, orderId: number): Promise<void> {
    return enqueue(tx, { kind: REVOKE_ORDER_JOB, payload: { orderId }, dedupeKey: `revoke:${orderId}` });
  }

  revokeHandler(): JobHandler {
    return {
      run: (payload) => this.revoke(Number(payload['orderId'])),
      giveUp: (payload, job, error) =>
        this.db.transaction((tx) =>
          this.alerts.raise(
            tx,
            `Refunded order ${String(payload['orderId'])}: goods not revoked at the game`,
            `The goods of refunded order id ${String(payload['orderId'])} could not be taken back at the game server after ` +
              `${job.attempts} attempts (${errorText(error)}). refunds.game_revoke_status stays pending; revoke them in the game.`,
          ),
        ),
      maxAttempts: this.config.deliveryMaxAttempts,
      retryDelayMs: (attempt) => Math.min(3_600_000, this.config.deliveryRetryBaseMs * 2 ** Math.max(0, attempt - 1)),
    };
  }

  async revoke(orderId: number): Promise<void> {
    const [order] = await this.db.select({ appId: orders.appId, orderSn: orders.orderSn }).from(orders).where(eq(orders.id, orderId));
    if (!order) return;
    const answer = await this.gameServer.revoke(order.appId, order.orderSn, 'refund');
    await this.db
      .update(refunds)
      .set({ gameRevokeStatus: answer.revoked ? 'revoked' : 'not-delivered', updatedAt: sql`now()` })
      .where(eq(refunds.orderId, orderId));
    this.log.info({ orderSn: order.orderSn, revoked: answer.revoked }, 'refunded order revoked at the game');
  }

  handler(): JobHandler {
    return {
      run: (payload) => this.deliver(Number(payload['orderId'])),
      giveUp: (payload, job, error) => this.markFailed(Number(payload['orderId']), job.attempts, error),
      maxAttempts: this.config.deliveryMaxAttempts,
      retryDelayMs: (attempt) => Math.min(3_600_000, this.config.deliveryRetryBaseMs * 2 ** Math.max(0, attempt - 1)),
    };
  }

  async deliver(orderId: number): Promise<void> {
    const [order] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order || (order.status !== OrderStatus.PAYMENT_COMPLETE && order.status !== OrderStatus.DELIVERY_ERROR)) return;
    if (!order.gameAccountId) throw new Error(`order ${order.orderSn} has no game account to deliver to`);
    const [[account], items] = await Promise.all([
      this.db.select().from(gameAccounts).where(eq(gameAccounts.id, order.gameAccountId)),
      this.db
        .select({
          productId: orderItems.productId,
          productSn: products.productSn,
          goodsType: orderItems.goodsType,
          quantity: orderItems.quantity,
          config: products.config,
        })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(eq(orderItems.orderId, order.id)),
    ]);
    if (!account) throw new Error(`order ${order.orderSn}: game account ${order.gameAccountId} is gone`);
    let answer;
    try {
      answer = await this.gameServer.deliver(order.appId, {
        orderSn: order.orderSn,
        gameId: account.accountId,
        serverId: account.serverId,
        roleId: account.roleId,
        items,
      });
    } catch (error) {
      // Refunded while this job waited: the game refuses the order for good, nothing to retry.
      if (error instanceof GameServerError && error.code === ORDER_REVOKED) {
        this.observer.deliveryAttempted(order.appId, 'revoked');
        this.log.info({ orderSn: order.orderSn }, 'delivery refused: the order was refunded and revoked');
        return;
      }
      this.observer.deliveryAttempted(order.appId, 'failed');
      throw error;
    }
    this.observer.deliveryAttempted(order.appId, 'delivered');
    // Conditional update through the state machine: 2 or 8 -> 3; a concurrent run that already did it gets undefined,
    // and so does an order refunded meanwhile (its revoke job takes the goods back).
    const delivered = await this.db.transaction((tx) => this.process.transition(tx, order.id, 'delivered', { deliveredAt: new Date() }));
    this.log.info(
      { orderSn: order.orderSn, deliveryId: answer.deliveryId, duplicate: answer.duplicate, completed: Boolean(delivered) },
      'order delivered to the game',
    );
  }

  /** The last attempt failed: 2 -> 8 and the operators are told, in one transaction (a retry of 8 ends here again silently). */
  private async markFailed(orderId: number, attempts: number, error: unknown): Promise<void> {
    await this.db.transaction(async (tx) => {
      const failed = await this.process.transition(tx, orderId, 'deliveryFailed');
      if (!failed) return;
      const { orderSn, appId } = failed.order;
      await this.alerts.raise(
        tx,
        `Order ${orderSn}: Delivery Error`,
        `Order ${orderSn} (game ${appId}) was paid but could not be delivered to the game after ${attempts} ` +
          `attempts (${errorText(error)}). The player can retry from My Orders; operators: the console's delivery errors.`,
      );
    });
  }

  /**
   * Tries an order in 8 (Delivery Error) again, unless a try is already waiting. The dedupe key counts the order's
   * delivery jobs that gave up: while a retry is queued or running that count stays, so repeated clicks (and parallel
   * calls, which compute the same key) queue one job; once it gave up too, the next click queues a new one. The game's
   * idempotency key makes any extra run harmless anyway.
   */
  async retry(executor: Executor, orderId: number): Promise<void> {
    const [count] = await rows(
      executor,
      typedSql<{ n: number }>()`SELECT count(*)::int AS n FROM jobs WHERE kind = ${DELIVER_ORDER_JOB} AND (payload->>'orderId')::bigint = ${orderId} AND failed_at IS NOT NULL`,
    );
    const gaveUp = Number(count!.n);
    await DeliveryService.enqueue(executor, orderId, `deliver:${orderId}:retry:${gaveUp}`);
  }
}

/** For tests and operators: how many delivery jobs an order has. */
export async function deliveryJobCount(db: Db, orderId: number): Promise<number> {
  const [count] = await rows(
    db,
    typedSql<{ n: number }>()`SELECT count(*)::int AS n FROM jobs WHERE kind = ${DELIVER_ORDER_JOB} AND (payload->>'orderId')::bigint = ${orderId}`,
  );
  return Number(count!.n);
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);
