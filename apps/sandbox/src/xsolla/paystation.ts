import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isFramed } from '../shared/body.ts';
import type { SandboxContext } from '../shared/context.ts';
import { displayAmount, isoMinorDigits } from '../shared/money.ts';
import { jsonForScript, sendPage } from '../shared/page.ts';
import { parseHttpUrl, withQuery } from '../shared/urls.ts';
import { paymentBody, paymentJudge, sendNotification, userValidationBody, userValidationJudge } from './notifications.ts';
import type { PaySession, Transaction, XsollaStore } from './store.ts';

/**
 * The Pay Station page (sandbox-secure.xsolla.com/paystation4/?token=...) with Pay, Decline and Cancel.
 * Inside the embed widget's iframe it reports back with postMessage, JSON strings such as
 * {"command":"status","data":{"paymentInfo":{"status":"done","invoice":123}}}, like the real Pay Station;
 * opened as a page of its own it returns the browser to settings.return_url with ?invoice_id=..&status=...
 */

const PROVIDER = 'Xsolla Pay Station (sandbox)';
const ACCENT = '#5a35d6';

type FinalStatus = 'done' | 'delivering' | 'troubled' | 'canceled';

interface Outcome {
  status: FinalStatus;
  invoice?: number;
  heading: string;
  text: string;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Xsolla's payment_date format, "YYYY-MM-DD HH:mm:ss" (UTC here). */
function paymentDate(date = new Date()): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** The messages the real Pay Station posts to the widget for an outcome, in order. */
function frameMessages(outcome: Outcome): object[] {
  const status = (value: string) => ({ command: 'status', data: { paymentInfo: { status: value, invoice: outcome.invoice } } });
  switch (outcome.status) {
    case 'done':
    case 'delivering':
      return [status('invoice'), status(outcome.status)];
    case 'troubled':
      return [status('troubled')];
    case 'canceled':
      return [{ command: 'close' }];
  }
}

function finish(reply: FastifyReply, request: FastifyRequest, session: PaySession, outcome: Outcome): FastifyReply {
  if (!isFramed(request) && session.returnUrl && parseHttpUrl(session.returnUrl)) {
    const params: Record<string, string> = {};
    if (outcome.invoice !== undefined) params.invoice_id = String(outcome.invoice);
    params.status = outcome.status;
    return reply.redirect(withQuery(session.returnUrl, params), 303);
  }
  const tone = outcome.status === 'done' ? 'success' : outcome.status === 'troubled' ? 'error' : 'info';
  return sendPage(reply, 200, {
    provider: PROVIDER,
    accent: ACCENT,
    heading: outcome.heading,
    message: { text: outcome.text, tone },
    rows: outcome.invoice !== undefined ? [['Invoice', String(outcome.invoice)]] : [],
    script:
      `var messages=${jsonForScript(frameMessages(outcome))};` +
      'if(window.parent!==window){messages.forEach(function(m){window.parent.postMessage(JSON.stringify(m),"*");});}',
  });
}

function outcomeOf(tx: Transaction): Outcome {
  switch (tx.status) {
    case 'done':
      return { status: 'done', invoice: tx.id, heading: 'Payment complete', text: 'Thank you! Your purchase has been paid.' };
    case 'delivering':
      return {
        status: 'delivering',
        invoice: tx.id,
        heading: 'Payment received',
        text: 'Your payment went through; the merchant is still processing it.',
      };
    case 'troubled':
      return { status: 'troubled', invoice: tx.id, heading: 'Payment failed', text: 'The merchant refused this payment.' };
    case 'refunded':
      return { status: 'troubled', invoice: tx.id, heading: 'Payment refunded', text: 'This payment has been refunded.' };
  }
}

const expired = (reply: FastifyReply) =>
  sendPage(reply, 400, {
    provider: PROVIDER,
    accent: ACCENT,
    heading: 'Invalid payment link',
    message: { text: 'This payment token is unknown or has expired.', tone: 'error' },
  });

export function payStationRoutes(app: FastifyInstance, ctx: SandboxContext, store: XsollaStore): void {
  /** Tokens whose Pay is in progress: a second click must not pay twice. */
  const paying = new Set<string>();

  const showPage = async (request: FastifyRequest<{ Querystring: { token?: string } }>, reply: FastifyReply) => {
    const session = store.liveSession(request.query.token ?? '');
    if (!session) return expired(reply);
    const tx = session.transactionId === undefined ? undefined : store.transactions.get(session.transactionId);
    if (tx) return finish(reply, request, session, outcomeOf(tx));
    const action = (name: string) => `${ctx.publicUrl()}/xsolla/paystation4/${encodeURIComponent(session.token)}/${name}`;
    const rows: Array<[string, string]> = [
      ['Amount', displayAmount(session.amount, session.currency, isoMinorDigits(session.currency))],
    ];
    if (session.description) rows.push(['Item', session.description]);
    if (session.externalId) rows.push(['Order', session.externalId]);
    return sendPage(reply, 200, {
      provider: PROVIDER,
      accent: ACCENT,
      heading: 'Complete your purchase',
      rows,
      buttons: [
        { label: 'Pay', action: action('pay'), kind: 'primary' },
        { label: 'Decline', action: action('decline'), kind: 'danger' },
        { label: 'Cancel', action: action('cancel'), kind: 'plain' },
      ],
    });
  };
  app.get('/paystation4/', showPage);
  app.get('/paystation4', showPage);

  const pay = async (request: FastifyRequest, reply: FastifyReply, session: PaySession) => {
    const other = session.externalId === undefined ? undefined : store.paidTransaction(session.externalId);
    if (other) {
      return finish(reply, request, session, {
        status: 'troubled',
        heading: 'Already paid',
        text: `Order ${session.externalId} has already been paid (invoice ${other.id}).`,
      });
    }

    const validation = await sendNotification(ctx, userValidationBody(session), userValidationJudge);
    if (validation.verdict !== 'delivered') {
      return finish(reply, request, session, {
        status: 'troubled',
        heading: 'User validation failed',
        text: 'The merchant did not confirm this user, so the payment was not made.',
      });
    }

    const tx: Transaction = { id: store.newTransactionId(), session, status: 'delivering', paymentDate: paymentDate() };
    store.transactions.set(tx.id, tx);
    session.transactionId = tx.id;
    // The page waits for the first delivery only; redeliveries settle the status later.
    await sendNotification(ctx, paymentBody(tx), paymentJudge, (last) => {
      if (tx.status === 'delivering') tx.status = last.verdict === 'delivered' ? 'done' : 'troubled';
    });
    return finish(reply, request, session, outcomeOf(tx));
  };

  app.post<{ Params: { token: string; action: string } }>('/paystation4/:token/:action', async (request, reply) => {
    const { action } = request.params;
    if (action !== 'pay' && action !== 'decline' && action !== 'cancel') return reply.callNotFound();
    const session = store.liveSession(request.params.token);
    if (!session) return expired(reply);
    // A token pays once: after that every button shows how that payment ended.
    const earlier = session.transactionId === undefined ? undefined : store.transactions.get(session.transactionId);
    if (earlier) return finish(reply, request, session, outcomeOf(earlier));
    if (action === 'decline') {
      return finish(reply, request, session, {
        status: 'troubled',
        heading: 'Payment declined',
        text: 'Your payment method was declined. No money was taken.',
      });
    }
    if (action === 'cancel') {
      return finish(reply, request, session, { status: 'canceled', heading: 'Payment cancelled', text: 'You can close this window.' });
    }
    if (paying.has(session.token)) {
      return sendPage(reply, 409, {
        provider: PROVIDER,
        accent: ACCENT,
        heading: 'Payment in progress',
        message: { text: 'This payment is already being processed.', tone: 'info' },
      });
    }
    paying.add(session.token);
    try {
      return await pay(request, reply, session);
    } finally {
      paying.delete(session.token);
    }
  });
}
