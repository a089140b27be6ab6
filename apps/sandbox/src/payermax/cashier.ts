import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxContext } from '../shared/context.ts';
import { displayAmount, isoMinorDigits } from '../shared/money.ts';
import { sendPage } from '../shared/page.ts';
import { parseHttpUrl, withQuery } from '../shared/urls.ts';
import type { PayerMaxSandbox } from './service.ts';
import type { TradeOrder } from './store.ts';

/**
 * The hosted cashier (the redirectUrl of orderAndPay) with Pay, Decline and Cancel. It returns the browser to
 * frontCallbackUrl with outTradeNo, tradeToken and status; the shop must not trust that status, only the
 * notification or orderQuery.
 */

const PROVIDER = 'PayerMax cashier (sandbox)';
const ACCENT = '#1f5eff';

const message = (reply: FastifyReply, status: number, heading: string, text: string, tone: 'info' | 'success' | 'error') =>
  sendPage(reply, status, { provider: PROVIDER, accent: ACCENT, heading, message: { text, tone } });

function backToMerchant(reply: FastifyReply, order: TradeOrder, status: string, heading: string, text: string): FastifyReply {
  if (order.frontCallbackUrl && parseHttpUrl(order.frontCallbackUrl)) {
    const target = withQuery(order.frontCallbackUrl, { outTradeNo: order.outTradeNo, tradeToken: order.tradeToken, status });
    return reply.redirect(target, 303);
  }
  return message(reply, 200, heading, text, status === 'SUCCESS' ? 'success' : status === 'FAILED' ? 'error' : 'info');
}

const notPayable = (reply: FastifyReply, order: TradeOrder) =>
  message(reply, 409, 'Order is closed for payment', `This order is ${order.status}.`, 'info');

export function cashierRoutes(app: FastifyInstance, ctx: SandboxContext, sandbox: PayerMaxSandbox): void {
  app.get<{ Querystring: { tradeToken?: string } }>('/cashier', async (request, reply) => {
    const order = sandbox.orderByToken(request.query.tradeToken ?? '');
    if (!order) return message(reply, 404, 'Order not found', 'This payment link is not valid.', 'error');
    if (order.status !== 'PENDING') return notPayable(reply, order);
    const action = (name: string) => `${ctx.publicUrl()}/payermax/cashier/${encodeURIComponent(order.tradeToken)}/${name}`;
    return sendPage(reply, 200, {
      provider: PROVIDER,
      accent: ACCENT,
      heading: 'Checkout',
      rows: [
        ['Item', order.subject],
        ['Amount', displayAmount(order.totalAmount, order.currency, isoMinorDigits(order.currency))],
        ['Order', order.outTradeNo],
      ],
      buttons: [
        { label: 'Pay', action: action('pay'), kind: 'primary' },
        { label: 'Decline', action: action('decline'), kind: 'danger' },
        { label: 'Cancel', action: action('cancel'), kind: 'plain' },
      ],
    });
  });

  app.post<{ Params: { tradeToken: string; action: string } }>('/cashier/:tradeToken/:action', async (request, reply) => {
    const { action } = request.params;
    if (action !== 'pay' && action !== 'decline' && action !== 'cancel') return reply.callNotFound();
    const order = sandbox.orderByToken(request.params.tradeToken);
    if (!order) return message(reply, 404, 'Order not found', 'This payment link is not valid.', 'error');
    if (order.status !== 'PENDING') return notPayable(reply, order);
    switch (action) {
      case 'pay':
        sandbox.complete(order, 'SUCCESS');
        return backToMerchant(reply, order, 'SUCCESS', 'Payment successful', 'You can return to the merchant.');
      case 'decline':
        sandbox.complete(order, 'FAILED');
        return backToMerchant(reply, order, 'FAILED', 'Payment failed', 'Your payment was declined.');
      case 'cancel':
        return backToMerchant(reply, order, 'CANCEL', 'Payment cancelled', 'You cancelled the payment.');
    }
  });
}
