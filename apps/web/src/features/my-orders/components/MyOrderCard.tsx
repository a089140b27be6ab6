import { useTranslation } from 'react-i18next';
import { displayOrderSn, orderFooter, type Order } from '@shop/contract/orders';
import type { Language } from '@shop/contract/languages';
import { OrderSummaryCard } from '../../../shared/orders/OrderSummaryCard';
import type { OrderActions } from '../lib/my-order-view';
import { OrderActionButtons, type OrderAction } from './OrderActionButtons';

/** One order in My Orders: the shared order card with the actions its status allows; a tap on its items opens it. */
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
  return (
    <OrderSummaryCard
      as="li"
      order={order}
      language={language}
      statusText={t(`status.${order.status}`)}
      footerText={t(`orders.${footer}`)}
      amount={amount}
      openLabel={t('myOrder.openDetail', { number: displayOrderSn(order.orderSn) })}
      onOpen={onOpen}
      testId="my-order-card"
      openTestId="open-order"
      actions={<OrderActionButtons actions={actions} busy={busy} onAction={onAction} />}
    />
  );
}
