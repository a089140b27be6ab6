import type { FastifyInstance, FastifyReply } from 'fastify';
import { displayAmount } from '../shared/money.ts';
import { sendPage, type PageSpec } from '../shared/page.ts';
import { payPalDigits } from './currencies.ts';
import { parseHttpUrl, withQuery } from '../shared/urls.ts';
import type { PayPalSandbox } from './service.ts';
import type { Order } from './store.ts';

/** The hosted checkout (www.paypal.com/checkoutnow) with the buttons Pay, Decline and Cancel. */

const PROVIDER = 'PayPal sandbox';
const ACCENT = '#0070ba';

type Action = 'pay' | 'decline' | 'cancel';

function info(reply: FastifyReply, status: number, heading: string, text: string, tone: 'info' | 'success' | 'error'): FastifyReply {
  return sendPage(reply, status, { provider: PROVIDER, accent: ACCENT, heading, message: { text, tone } });
}

function checkoutPage(sandbox: PayPalSandbox, order: Order): PageSpec {
  const action = (name: Action) => `${sandbox.api()}/checkoutnow/${encodeURIComponent(order.id)}/${name}`;
  const multi = order.purchaseUnits.length > 1;
  return {
    provider: PROVIDER,
    accent: ACCENT,
    heading: 'Pay with PayPal',
    rows: [
      ['Merchant', order.experience.brandName ?? 'Sandbox merchant'],
      ...order.purchaseUnits.flatMap((unit): Array<[string, string]> => [
        [
          multi ? `Amount (${unit.reference_id})` : 'Amount',
          displayAmount(unit.amount.value, unit.amount.currency_code, payPalDigits(unit.amount.currency_code)),
        ],
        ...(unit.description ? [['Description', unit.description] as [string, string]] : []),
      ]),
      ['PayPal order', order.id],
    ],
    message: order.instrumentDeclines
      ? { text: 'Your last payment method was declined. Choose Pay to approve again.', tone: 'error' }
      : undefined,
    buttons: [
      { label: 'Pay', action: action('pay'), kind: 'primary' },
      { label: 'Decline', action: action('decline'), kind: 'danger' },
      { label: 'Cancel', action: action('cancel'), kind: 'plain' },
    ],
  };
}

/** 303 to a stored return URL with PayPal's parameters, when the order has one. */
function returnTo(reply: FastifyReply, url: string | undefined, params: Record<string, string>): FastifyReply | undefined {
  if (!url || !parseHttpUrl(url)) return undefined;
  return reply.redirect(withQuery(url, params), 303);
}

export function checkoutRoutes(app: FastifyInstance, sandbox: PayPalSandbox): void {
  app.get<{ Querystring: { token?: string } }>('/checkoutnow', async (request, reply) => {
    const order = sandbox.store.orders.get(request.query.token ?? '');
    if (!order) return info(reply, 404, 'Order not found', 'This PayPal order does not exist.', 'error');
    if (order.status === 'COMPLETED') {
      return info(reply, 409, 'Already paid', 'This order has already been paid.', 'info');
    }
    return sendPage(reply, 200, checkoutPage(sandbox, order));
  });

  app.post<{ Params: { id: string; action: string } }>('/checkoutnow/:id/:action', async (request, reply) => {
    const { action } = request.params;
    if (action !== 'pay' && action !== 'decline' && action !== 'cancel') return reply.callNotFound();
    const order = sandbox.store.orders.get(request.params.id);
    if (!order) return info(reply, 404, 'Order not found', 'This PayPal order does not exist.', 'error');
    if (order.status === 'COMPLETED') {
      return info(reply, 409, 'Already paid', 'This order has already been paid.', 'info');
    }
    if (action === 'cancel') {
      return (
        returnTo(reply, order.experience.cancelUrl, { token: order.id }) ??
        info(reply, 200, 'Payment cancelled', 'You cancelled the payment. You can close this window.', 'info')
      );
    }
    sandbox.approve(order, action === 'decline');
    return (
      returnTo(reply, order.experience.returnUrl, { token: order.id, PayerID: order.payerId ?? '' }) ??
      info(reply, 200, 'Payment approved', 'The merchant will complete the payment. You can close this window.', 'success')
    );
  });
}
