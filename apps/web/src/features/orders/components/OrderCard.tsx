import { useTranslation } from 'react-i18next';
import { displayOrderSn, isPayable, type Order } from '@shop/contract/orders';
import type { Language } from '@shop/contract/languages';
import { OrderSummaryCard } from '../../../shared/orders/OrderSummaryCard';
import { footerOf, statusKey } from '../lib/order-view';

/** One order in the voucher page's Order history: the shared order card with Cancel payment and Pay while it is payable. */
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
  const { footer, amount } = footerOf(order);
  return (
    <OrderSummaryCard
      order={order}
      language={language}
      statusText={t(statusKey(order.status))}
      footerText={t(`orders.${footer}`)}
      amount={amount}
      openLabel={t('orders.showDetails', { number: displayOrderSn(order.orderSn) })}
      onOpen={() => onShowItems(order)}
      testId="order-card"
      actions={
        isPayable(order.status) && (
          <span>
            <button type="button" className="shop-button shop-button--small" disabled={busy} onClick={() => onCancel(order)} data-testid="cancel-payment">
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
        )
      }
    />
  );
}
