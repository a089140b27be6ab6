import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asc, eq, sql } from 'drizzle-orm';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import { OrderStatus } from '@shop/contract/orders.schema';
import { orderStatusHistory, orders } from '../../db/schema.ts';
import { DomainError } from '../../shared/domain-errors.ts';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { failDeliveries, playerWithRole } from '../../../test/game.ts';
import { channelOf, createOrder, newPlayer, type Player } from '../../../test/shopping.ts';
import { payermaxPayment, postPayermax } from '../../../test/webhooks.ts';
import { ORDER_TRANSITIONS, type OrderEvent } from './order-state-machine.ts';

const S = OrderStatus;

/** What can happen to an order from outside, through the real routes, webhooks, jobs and services. */
const ACTIONS = ['pay', 'payAgain', 'fail', 'cancel', 'cancelAuto', 'expire', 'refund', 'deliverJobs', 'gameDown', 'gameUp'] as const;
type Action = (typeof ACTIONS)[number];

/**
 * The order process driven end to end: random sequences of events (some at the same moment) against one order, through
 * the shop's own code paths on the database. Whatever happens, the history the services wrote holds only transitions
 * the table allows, forms one unbroken chain ending in the order's status, and money moved at most once each way.
 */
describe.each(BACKENDS)('the order process under random events (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend, { DELIVERY_MAX_ATTEMPTS: '2', DELIVERY_RETRY_BASE_MS: '10' });
    // jobs run only when a sequence says so
    await shop.services.worker.stop();
  });
  afterAll(() => shop.close());

  interface Subject {
    player: Player;
    result: CreateOrderResult;
  }

  async function voucherOrder(): Promise<Subject> {
    const player = await newPlayer(shop);
    return { player, result: (await createOrder(shop, player, 'payermax')).result };
  }

  async function shopOrder(): Promise<Subject> {
    const { player, account } = await playerWithRole(shop);
    const channel = await channelOf(shop, 'payermax');
    const created = await shop.api<CreateOrderResult>('POST', '/api/v1/order/product/create', {
      token: player.token,
      body: { appId: 10030, gameAccountId: account.id, productId: 1014, quantity: 1, payMethodId: channel.payMethodId, thirdChannelId: channel.thirdChannelId },
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    return { player, result: created.body.data };
  }

  /** Runs one action; refusals (409, 400) are part of the game, anything else is a failure of the test. */
  async function act({ player, result }: Subject, action: Action): Promise<void> {
    const ignoreRefusal = (error: unknown) => {
      if (!(error instanceof DomainError) || error.kind === 'upstream-failed' || error.kind === 'unavailable') throw error;
    };
    switch (action) {
      case 'pay':
      case 'payAgain':
        expect((await postPayermax(shop, payermaxPayment(result.orderSn, result.totalAmount))).status).toBe(200);
        return;
      case 'fail':
        expect((await postPayermax(shop, payermaxPayment(result.orderSn, result.totalAmount, 'USD', 'FAILED'))).status).toBe(200);
        return;
      case 'cancel': {
        const answer = await shop.api('POST', '/api/v1/order/cancel', { token: player.token, body: { orderId: result.orderId, orderSn: result.orderSn } });
        expect([200, 409]).toContain(answer.status);
        return;
      }
      case 'cancelAuto': {
        const answer = await shop.api('POST', '/api/v1/order/cancel/auto', { token: player.token, body: { orderId: result.orderId } });
        expect([200, 409]).toContain(answer.status);
        return;
      }
      case 'expire':
        return shop.services.orders.expire(result.orderId);
      case 'refund':
        return shop.services.refunds.complete(result.orderId).then(() => undefined, ignoreRefusal);
      case 'deliverJobs':
        await shop.services.worker.drain();
        return;
      case 'gameDown':
      case 'gameUp':
        return failDeliveries(shop, action === 'gameDown');
    }
  }

  async function checkHistory(orderId: number): Promise<void> {
    const history = await shop.services.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id));
    const [order] = await shop.services.db.select().from(orders).where(eq(orders.id, orderId));
    let status: number = S.AWAITING_PAYMENT;
    for (const row of history) {
      const rule = ORDER_TRANSITIONS[row.event as OrderEvent];
      expect(rule, `unknown event ${row.event}`).toBeDefined();
      expect(row.fromStatus, `chain broken before ${row.event}`).toBe(status);
      expect((rule.from as readonly number[]).includes(row.fromStatus), `${row.event} from ${row.fromStatus} is forbidden`).toBe(true);
      expect(row.toStatus).toBe(rule.to);
      status = row.toStatus;
    }
    expect(order!.status).toBe(status);
    const events = history.map((row) => row.event);
    const count = (event: OrderEvent) => events.filter((name) => name === event).length;
    expect(count('paymentConfirmed')).toBeLessThanOrEqual(1);
    expect(count('delivered')).toBeLessThanOrEqual(1);
    expect(count('refundedBeforeDelivery') + count('refundedAfterDelivery')).toBeLessThanOrEqual(1);
    const ledger = await shop.services.db.execute(sql`SELECT kind, count(*)::int AS n FROM voucher_ledger WHERE order_id = ${orderId} GROUP BY kind`);
    const entries = Object.fromEntries((ledger as unknown as { rows: { kind: string; n: number }[] }).rows.map((row) => [row.kind, row.n]));
    if (order!.orderSource === 'voucher') {
      expect(entries['purchase'] ?? 0).toBe(count('paymentConfirmed'));
      expect(entries['refund'] ?? 0).toBe(count('refundedAfterDelivery'));
    } else {
      expect(entries).toEqual({});
    }
  }

  const steps = fc.array(
    // one step: one action, or two or three at the same moment
    fc.array(fc.constantFrom(...ACTIONS), { minLength: 1, maxLength: 3 }),
    { minLength: 1, maxLength: 8 },
  );

  it.each([
    ['voucher order', voucherOrder],
    ['shop order', shopOrder],
  ] as const)('%s: only transitions the table allows, one chain, money moved at most once each way', async (_name, make) => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        const subject = await make();
        try {
          for (const step of sequence) await Promise.all(step.map((action) => act(subject, action)));
          await act(subject, 'gameUp');
          await act(subject, 'deliverJobs');
          await checkHistory(subject.result.orderId);
        } finally {
          await failDeliveries(shop, false);
        }
      }),
      { numRuns: 25 },
    );
  });
});
