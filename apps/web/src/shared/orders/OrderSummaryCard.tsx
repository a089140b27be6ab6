import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayOrderSn, type Order } from '@shop/contract/orders';
import type { Language } from '@shop/contract/languages';
import { copyText } from '../lib/clipboard';
import { formatPrice } from '../lib/format';
import { showToast } from '../ui/toast';
import './order-summary-card.css';

/**
 * One order in a list (issue 14: the one design of the voucher page's Order history and My Orders): its number with a
 * copy button and its status, its items (a tap opens the order's details), the footer's label and amount, and the
 * actions its list offers. The lists keep what differs (which status words, which footer, which actions).
 */
export function OrderSummaryCard({
  order,
  language,
  statusText,
  footerText,
  amount,
  openLabel,
  onOpen,
  actions,
  testId,
  openTestId,
  as: Element = 'article',
}: {
  order: Order;
  language: Language;
  statusText: string;
  footerText: string;
  amount: number;
  /** What a tap on the items does, for screen readers ("Show the details of order …"). */
  openLabel: string;
  onOpen: () => void;
  actions?: ReactNode;
  testId: string;
  openTestId?: string;
  as?: 'article' | 'li';
}) {
  const { t } = useTranslation();
  const number = displayOrderSn(order.orderSn);

  async function copy() {
    showToast((await copyText(number)) ? t('orders.copied') : t('orders.copyFailed'));
  }

  return (
    <Element className="osc" data-testid={testId} data-order-id={order.id} data-status={order.status} data-source={order.orderSource}>
      <header className="osc__head">
        <span className="osc__number">
          <span className="osc__label">{t('orders.orderNo')}</span> <span data-testid="order-number">{number}</span>
        </span>
        <button type="button" className="osc__copy" onClick={() => void copy()} aria-label={t('orders.copyNumber', { number })}>
          {t('orders.copy')}
        </button>
        <span className={`osc__status osc__status--${order.status}`} data-testid="order-status">
          {statusText}
        </span>
      </header>

      <button type="button" className="osc__items" onClick={onOpen} aria-label={openLabel} data-testid={openTestId}>
        {order.items.map((item) => (
          <span key={item.id} className="osc-item" data-testid="order-item">
            <span className="osc-item__thumb">
              {item.thumb ? <img src={item.thumb} alt="" width={56} height={56} loading="lazy" decoding="async" /> : <span aria-hidden="true">🎁</span>}
            </span>
            <span className="osc-item__body">
              <span className="osc-item__name">{item.productName}</span>
              <span className="osc-item__meta">
                <span className="osc-item__price">{formatPrice(item.price, item.currency || order.currency, language)}</span>
                <span>{t('orders.quantity', { quantity: item.quantity })}</span>
              </span>
            </span>
          </span>
        ))}
      </button>

      <footer className="osc__foot">
        <span className="osc__total" data-testid="order-footer">
          {footerText} <strong>{formatPrice(amount, order.currency, language)}</strong>
        </span>
        {actions}
      </footer>
    </Element>
  );
}
