import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { PaymentOutcome } from '@shop/contract/payment-return';
import { formatPrice } from '../../../shared/lib/format';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { readToken } from '../../../shared/storage/token';
import { isOrderMissing, isSettled, usePaymentOutcomePolling } from '../api/get-payment-outcome';
import { PaymentCancelled } from '../components/PaymentCancelled';
import { PaymentResultActions } from '../components/PaymentResultActions';
import { paymentResultPath } from '../../../shared/payment/paths';
import { findProvider } from '../../../shared/payment/providers/provider-map';
import { outcomeOf, type Outcome } from '../../../shared/lib/order-outcome';
import { POLL_TIMEOUT_MS } from '../../../shared/lib/poll-status';
import { POLL_TIMEOUT_NOT_PAID_MS, providerSaysCancelled, providerSaysNotPaid } from '../lib/order-outcome';
import { breakOutOfFrame, paymentQuery } from '../lib/target';
import './payment.css';

type View = { phase: 'checking' } | { phase: 'result'; payment: PaymentOutcome | undefined; outcome: Outcome | 'unknown' };

// A provider's approval is captured once per page load even if the page mounts twice (a remount).
const captured = new Map<string, Promise<unknown>>();

const ICONS: Record<Outcome | 'unknown' | 'checking', string> = {
  checking: '⏳',
  pending: '⏳',
  unknown: '⏳',
  success: '✓',
  failed: '✕',
  closed: '✕',
  refunded: '↺',
  deliveryError: '!',
};

/**
 * Where providers send the player back, possibly in another browser than the one that started the payment (a game's
 * web view hands the checkout to the system browser): it needs no session. The order is looked up by the return
 * address's `ref` (unguessable, shows only status and amount), or with the session by its id. The provider's own
 * `status` in the query is never trusted: the page asks our server until the order leaves "awaiting / processing"
 * (every 1.5 s, about 30 s at most); only a provider's own CANCEL is shown at once (nothing will follow it).
 */
export default function PaymentReturnPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [query] = useSearchParams();
  const { from, orderId, channel } = paymentQuery(query);
  const ref = query.get('ref');
  const provider = findProvider(channel);
  const approval = provider?.approvalOf?.(query) ?? null;
  const notPaidHint = providerSaysNotPaid(channel, query);
  const cancelled = providerSaysCancelled(channel, query);
  const navigate = useNavigate();
  const [framed] = useState(() => typeof window !== 'undefined' && window.top !== window.self);
  // the browser that started the payment has the session; another one (the system browser) has none
  const [session] = useState(() => readToken() !== null);
  const lookable = orderId !== null && (ref !== null || session);

  useEffect(() => {
    document.title = cancelled ? t('payment.cancelTitle') : t('payment.returnTitle');
  }, [t, cancelled]);

  // a provider's approval is captured first; shop orders then go on to the shop's purchase result screen
  const [captureDone, setCaptureDone] = useState(false);
  useEffect(() => {
    if (breakOutOfFrame() || orderId === null || cancelled || !lookable) return;
    let left = false;
    void (async () => {
      if (approval && provider?.capture) {
        const key = `${orderId}:${approval}`;
        if (!captured.has(key)) captured.set(key, provider.capture(orderId, approval).catch(() => undefined));
        await captured.get(key);
      }
      if (left) return;
      // shop orders show their outcome (and the delivery) on the shop's purchase result screen
      if (from === 'shop' && session && !notPaidHint) void navigate(`/purchaseResult?orderId=${orderId}`, { replace: true });
      else setCaptureDone(true);
    })();
    return () => {
      left = true;
    };
  }, [orderId, session, lookable, provider, approval, notPaidHint, cancelled, from, navigate]);

  const polling = usePaymentOutcomePolling({ ref, orderId: orderId ?? 0 }, captureDone, notPaidHint ? POLL_TIMEOUT_NOT_PAID_MS : POLL_TIMEOUT_MS);
  const payment = polling.data;
  const settled = isSettled(payment?.status);
  const done = settled || polling.expired || isOrderMissing(polling.error);
  // abandoned at the provider and still unpaid here: that is the cancel page's case
  const toCancelPage = done && notPaidHint && !settled && payment !== undefined;
  useEffect(() => {
    if (toCancelPage && orderId !== null) void navigate(paymentResultPath('cancel', { from, orderId, channel }), { replace: true });
  }, [toCancelPage, navigate, from, orderId, channel]);
  const view: View =
    !done || toCancelPage
      ? { phase: 'checking' }
      : { phase: 'result', payment, outcome: payment && settled ? outcomeOf(payment.status) : payment ? 'pending' : 'unknown' };

  if (framed) return null;
  if (cancelled) return <PaymentCancelled from={from} session={session} orderId={orderId} />;

  const outcome = !lookable ? 'unknown' : view.phase === 'checking' ? 'checking' : view.outcome;
  const shown = view.phase === 'result' ? view.payment : undefined;
  const title = {
    checking: t('payment.checking'),
    pending: t('payment.pendingTitle'),
    unknown: t('payment.unknownTitle'),
    success: t('payment.success'),
    failed: t('payment.failed'),
    closed: t('payment.notCompleted'),
    refunded: t('status.6'),
    deliveryError: t('payment.deliveryErrorTitle'),
  }[outcome];
  const text = {
    checking: t('payment.checkingText'),
    pending: t('payment.pendingText'),
    unknown: t('payment.unknownText'),
    success: t('payment.successText'),
    failed: t('payment.failedText'),
    closed: t('payment.notCompletedText'),
    refunded: t('payment.refundedText'),
    deliveryError: t('payment.deliveryErrorText'),
  }[outcome];

  return (
    <main className="pay-result" data-testid="payment-return" data-outcome={outcome}>
      <div className={`pay-result__icon pay-result__icon--${outcome}`} aria-hidden="true">
        {outcome === 'checking' ? <span className="shop-spinner__wheel" /> : ICONS[outcome]}
      </div>
      <h1 className="pay-result__title" data-testid="payment-result-title" aria-live="polite">
        {title}
      </h1>
      <p className="pay-result__text">{text}</p>
      {shown && (
        <dl className="pay-result__facts">
          {outcome === 'success' && (
            <div>
              <dt>{t('payment.amountPaid')}</dt>
              <dd data-testid="paid-amount">{formatPrice(shown.payAmount, shown.currency, language)}</dd>
            </div>
          )}
          <div>
            <dt>{t('payment.orderStatus')}</dt>
            <dd data-testid="order-status">{t(`status.${shown.status}`)}</dd>
          </div>
        </dl>
      )}
      <PaymentResultActions
        from={from}
        session={session}
        order={orderId !== null && shown && outcome !== 'pending' ? { id: orderId, status: shown.status } : undefined}
      />
    </main>
  );
}
