import { useTranslation } from 'react-i18next';
import { displayOrderSn, orderFooter, type Order } from '@shop/contract/orders';
import type { Language } from '@shop/contract/languages';
import { formatPrice } from '../../../shared/lib/format';
import type { OrderActions } from '../lib/my-order-view';
import { OrderActionButtons, type OrderAction } from './OrderActionButtons';

/** One order in My Orders: number, status, items, the footer total and the actions its status allows. */
export function MyOrderCard({
  order,
  actions,
  busy,
  language,
  onOpen,
  onAction,
}: {
  order: Order;
  actions: OrderActions;
  busy: boolean;
  language: Language;
  onOpen: () => void;
  onAction: (action: OrderAction) => void;
}) {
  const { t } = useTranslation();
  const footer = orderFooter(order.status);
  const amount = footer === 'orderTotal' ? order.totalAmount : order.payAmount || order.totalAmount;
  const number = displayOrderSn(order.orderSn);
  return (
    <li className="mo-card" data-testid="my-order-card" data-order-id={order.id} data-status={order.status} data-source={order.orderSource}>
      <button type="button" className="mo-card__open" onClick={onOpen} aria-label={t('myOrder.openDetail', { number })} data-testid="open-order">
        <span className="mo-card__head">
          <span className="mo-card__sn">
            {t('orders.orderNo')} {number}
          </span>
          <span className={`mo-status mo-status--${order.status}`} data-testid="order-status">
            {t(`status.${order.status}`)}
          </span>
        </span>
        {order.items.map((item) => (
          <span key={item.id} className="mo-item">
            {item.thumb ? <img src={item.thumb} alt="" width={40} height={40} loading="lazy" /> : <span aria-hidden="true">🎁</span>}
            <span className="mo-item__name">{item.productName}</span>
            <span className="mo-item__qty">{t('orders.quantity', { quantity: item.quantity })}</span>
          </span>
        ))}
        <span className="mo-card__total" data-testid="order-footer">
          {t(`orders.${footer}`)} <strong>{formatPrice(amount, order.currency, language)}</strong>
        </span>
      </button>
      <OrderActionButtons actions={actions} busy={busy} onAction={onAction} />
    </li>
  );
}
