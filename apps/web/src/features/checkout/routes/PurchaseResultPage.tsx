import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { displayOrderSn } from '@shop/contract/orders';
import { clearSettlement } from '../../../shared/checkout/settlement';
import { confirmOrderStatus } from '../api/checkout-api';
import { outcomeOf, type Outcome } from '../../../shared/lib/order-outcome';
import './checkout.css';

const POLL_MS = 1500;
const POLL_FOR_MS = 30_000;

type View = { kind: 'checking' } | { kind: Outcome | 'unknown'; orderSn?: string; status?: number };

const ICONS: Record<View['kind'], string> = {
  checking: '⏳',
  pending: '⏳',
  unknown: '?',
  success: '✓',
  deliveryError: '!',
  failed: '✕',
  closed: '✕',
  refunded: '↺',
};

/**
 * The purchase result: our server's order status (v1/order/confirm) until it leaves "awaiting / processing": success,
 * or the failure; never the provider's query.
 */
export default function PurchaseResultPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const orderId = Number(query.get('orderId'));
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const [view, setView] = useState<View>(valid ? { kind: 'checking' } : { kind: 'unknown' });

  useEffect(() => {
    document.title = t('result.title');
  }, [t]);
  // the checkout is over: Back does not offer to pay the same settlement twice
  useEffect(() => clearSettlement(), []);

  useEffect(() => {
    if (!valid) return;
    let active = true;
    const deadline = Date.now() + POLL_FOR_MS;
    void (async () => {
      let last: View = { kind: 'unknown' };
      for (;;) {
        try {
          const [order] = await confirmOrderStatus(orderId);
          if (order) {
            last = { kind: outcomeOf(order.status), orderSn: order.orderSn, status: order.status };
            if (last.kind !== 'pending') break;
          }
        } catch {
          // asked again on the next round
        }
        if (!active || Date.now() + POLL_MS > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      if (active) setView(last);
    })();
    return () => {
      active = false;
    };
  }, [orderId, valid]);

  const title = {
    checking: t('result.checking'),
    pending: t('result.pending'),
    unknown: t('result.unknown'),
    success: t('result.success'),
    deliveryError: t('result.deliveryError'),
    failed: t('result.failed'),
    closed: t('result.closed'),
    refunded: t('status.6'),
  }[view.kind];
  const text = {
    checking: t('result.checkingText'),
    pending: t('result.pendingText'),
    unknown: t('result.unknownText'),
    success: t('result.successText'),
    deliveryError: t('result.deliveryErrorText'),
    failed: t('result.failedText'),
    closed: t('result.closedText'),
    refunded: '',
  }[view.kind];
  const status = 'status' in view ? view.status : undefined;
  const orderSn = 'orderSn' in view ? view.orderSn : undefined;

  return (
    <main className="co-result" data-testid="purchase-result" data-outcome={view.kind}>
      <div className={`co-result__icon co-result__icon--${view.kind}`} aria-hidden="true">
        {view.kind === 'checking' ? <span className="shop-spinner__wheel" /> : ICONS[view.kind]}
      </div>
      <h1 className="co-result__title" aria-live="polite" data-testid="purchase-result-title">
        {title}
      </h1>
      {text && <p className="co-result__text">{text}</p>}
      {orderSn && (
        <p className="co-result__facts">
          {t('orders.orderNo')} {displayOrderSn(orderSn)}
          {status !== undefined && <> · {t(`status.${status}`)}</>}
        </p>
      )}
      <div className="co-result__actions">
        {(view.kind === 'failed' || view.kind === 'pending') && valid && (
          <Link to={`/purchaseOrder?id=${orderId}`} className="shop-button shop-button--primary shop-button--block" data-testid="pay-again">
            {t('result.tryAgain')}
          </Link>
        )}
        <Link to="/home" className="shop-button shop-button--block" data-testid="back-to-shop">
          {t('payment.backToShop')}
        </Link>
        <Link to="/myOrder" className="shop-button shop-button--block" data-testid="to-my-order">
          {t('myOrder.title')}
        </Link>
      </div>
    </main>
  );
}
