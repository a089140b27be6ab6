import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { OrderStatus, displayOrderSn } from '@shop/contract/orders';
import { clearSettlement } from '../../../shared/checkout/settlement';
import { useUnmountSignal } from '../../../shared/hooks/useUnmountSignal';
import { queueDeliveryRetry, waitForRetriedDelivery } from '../../../shared/orders/delivery-retry';
import { invalidateOrders } from '../../../shared/orders/order-keys';
import { canPayAgain, payAgainPath } from '../../../shared/orders/pay-again';
import { showToast } from '../../../shared/ui/toast';
import { useOrderStatusPolling } from '../api/get-order-status';
import { isFinalResult, purchaseResultOf, type PurchaseResult } from '../lib/purchase-result';
import './checkout.css';

type View = { kind: 'checking' } | { kind: PurchaseResult | 'unknown'; orderSn?: string; status?: number };

const ICONS: Record<View['kind'], string> = {
  checking: '⏳',
  pending: '⏳',
  unknown: '?',
  delivering: '✓',
  success: '✓',
  deliveryError: '!',
  failed: '✕',
  closed: '✕',
  refunded: '↺',
};

/**
 * The purchase result: our server's order status (v1/order/confirm, every 1.5 s for up to 30 s) while the payment is
 * processed and while the goods are delivered (paid, 2), until the game took them (3), could not (8) or the payment
 * failed; never the provider's query. A Delivery Error offers the delivery again.
 */
export default function PurchaseResultPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const orderId = Number(query.get('orderId'));
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const polled = useOrderStatusPolling(orderId, valid);
  // what the delivery retry found, once the player asked for it
  const [retried, setView] = useState<View>();
  const [retrying, setRetrying] = useState(false);
  const [reordering, setReordering] = useState(false);
  const unmountSignal = useUnmountSignal();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = t('result.title');
  }, [t]);
  // the checkout is over: Back does not offer to pay the same settlement twice
  useEffect(() => clearSettlement(), []);

  const order = polled.data;
  const settled = order !== undefined && isFinalResult(order.status);
  // the payment changed the order: its lists and details are asked for again
  useEffect(() => {
    if (settled) void invalidateOrders();
  }, [settled]);
  const view: View =
    retried ??
    (!valid
      ? { kind: 'unknown' }
      : settled || polled.expired
        ? order
          ? { kind: purchaseResultOf(order.status), orderSn: order.orderSn, status: order.status }
          : { kind: 'unknown' }
        : // paid: the player sees that the money went through while the goods are on their way (0 and 1 keep "Confirming")
          order && purchaseResultOf(order.status) === 'delivering'
          ? { kind: 'delivering', orderSn: order.orderSn, status: order.status }
          : { kind: 'checking' });

  const status = 'status' in view ? view.status : undefined;
  const orderSn = 'orderSn' in view ? view.orderSn : undefined;

  async function retryDelivery() {
    setRetrying(true);
    try {
      await queueDeliveryRetry(orderId);
      showToast(t('delivery.retryQueued'));
      setView({ kind: 'delivering', orderSn });
      const signal = unmountSignal();
      const after = (await waitForRetriedDelivery(orderId, signal)) ?? OrderStatus.DELIVERY_ERROR;
      if (!signal.aborted) setView({ kind: purchaseResultOf(after), orderSn, status: after });
    } catch {
      // the API client has told the player why not
    } finally {
      setRetrying(false);
    }
  }

  /** To a payable order: this one while unpaid, a new one for the same goods after a declined payment. */
  async function payAgain(current: number) {
    setReordering(true);
    try {
      void navigate(await payAgainPath({ id: orderId, status: current }));
    } catch {
      // the API client has told the player why not (the goods are no longer sold...)
    } finally {
      setReordering(false);
    }
  }

  const title = {
    checking: t('result.checking'),
    pending: t('result.pending'),
    unknown: t('result.unknown'),
    delivering: t('result.delivering'),
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
    delivering: t('result.deliveringText'),
    success: t('result.successText'),
    deliveryError: t('result.deliveryErrorText'),
    failed: t('result.failedText'),
    closed: t('result.closedText'),
    refunded: t('result.refundedText'),
  }[view.kind];

  return (
    <main className="co-result" data-testid="purchase-result" data-outcome={view.kind}>
      <div className={`co-result__icon co-result__icon--${view.kind}`} aria-hidden="true">
        {view.kind === 'checking' ? <span className="shop-spinner__wheel" /> : ICONS[view.kind]}
      </div>
      <h1 className="co-result__title" aria-live="polite" data-testid="purchase-result-title">
        {title}
      </h1>
      {text && (
        <p className="co-result__text" data-testid="purchase-result-text">
          {text}
        </p>
      )}
      {orderSn && (
        <p className="co-result__facts">
          {t('orders.orderNo')} {displayOrderSn(orderSn)}
          {status !== undefined && <> · {t(`status.${status}`)}</>}
        </p>
      )}
      <div className="co-result__actions">
        {(view.kind === 'failed' || view.kind === 'pending') && status !== undefined && canPayAgain(status) && (
          <button
            type="button"
            className="shop-button shop-button--primary shop-button--block"
            disabled={reordering}
            aria-busy={reordering}
            onClick={() => void payAgain(status)}
            data-testid="pay-again"
          >
            {t('result.tryAgain')}
          </button>
        )}
        {view.kind === 'deliveryError' && (
          <button
            type="button"
            className="shop-button shop-button--primary shop-button--block"
            disabled={retrying}
            aria-busy={retrying}
            onClick={() => void retryDelivery()}
            data-testid="retry-delivery"
          >
            {t('delivery.retry')}
          </button>
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
