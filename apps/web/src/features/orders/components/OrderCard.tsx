import { useTranslation } from 'react-i18next';
import { displayOrderSn, isPayable, type Order } from '@shop/contract/orders';
import type { Language } from '@shop/contract/languages';
import { formatPrice } from '../../../shared/lib/format';
import { copyText } from '../../../shared/lib/clipboard';
import { showToast } from '../../../shared/ui/toast';
import { footerOf, statusKey } from '../lib/order-view';

export function OrderCard({
  order,
  language,
  busy,
  onShowItems,
  onCancel,
  onPay,
}: {
  order: Order;
  language: Language;
  busy: boolean;
  onShowItems: (order: Order) => void;
  onCancel: (order: Order) => void;
  onPay: (order: Order) => void;
}) {
  const { t } = useTranslation();
  const number = displayOrderSn(order.orderSn);
  const { footer, amount } = footerOf(order);

  async function copy() {
    showToast((await copyText(number)) ? t('orders.copied') : t('orders.copyFailed'));
  }

  return (
    <article className="oc" data-testid="order-card" data-order-id={order.id} data-status={order.status}>
      <header className="oc__head">
        <span className="oc__number">
          <span className="oc__label">{t('orders.orderNo')}</span>{' '}
          <span data-testid="order-number">{number}</span>
        </span>
        <button
          type="button"
          className="oc__copy"
          onClick={() => void copy()}
          aria-label={t('orders.copyNumber', { number })}
        >
          {t('orders.copy')}
        </button>
        <span className={`oc__status oc__status--${order.status}`} data-testid="order-status">
          {t(statusKey(order.status))}
        </span>
      </header>

      <button
        type="button"
        className="oc__items"
        onClick={() => onShowItems(order)}
        aria-label={t('orders.showDetails', { number })}
      >
        {order.items.map((item) => (
          <span key={item.id} className="oc-item" data-testid="order-item">
            <span className="oc-item__thumb">
              {item.thumb && <img src={item.thumb} alt="" width={56} height={56} loading="lazy" decoding="async" />}
            </span>
            <span className="oc-item__body">
              <span className="oc-item__name">{item.productName}</span>
              <span className="oc-item__meta">
                <span className="oc-item__price">{formatPrice(item.price, item.currency || order.currency, language)}</span>
                <span className="oc-item__qty">{t('orders.quantity', { quantity: item.quantity })}</span>
              </span>
            </span>
          </span>
        ))}
      </button>

      <footer className="oc__foot">
        <span className="oc__total" data-testid="order-footer">
          {t(`orders.${footer}`)}{' '}
          <strong>{formatPrice(amount, order.currency, language)}</strong>
        </span>
        {isPayable(order.status) && (
          <span className="oc__actions">
            <button
              type="button"
              className="shop-button shop-button--small"
              disabled={busy}
              onClick={() => onCancel(order)}
              data-testid="cancel-payment"
            >
              {t('orders.cancelPayment')}
            </button>
            <button
              type="button"
              className="shop-button shop-button--small shop-button--primary"
              disabled={busy}
              onClick={() => onPay(order)}
              data-testid="pay-order"
            >
              {t('orders.pay')}
            </button>
          </span>
        )}
      </footer>
    </article>
  );
}
