import { useTranslation } from 'react-i18next';
import type { OrderActions } from '../lib/my-order-view';

export type OrderAction = keyof OrderActions;

/** The actions in the order they are offered; pay and retrying a delivery are the ones the player most likely wants. */
const BUTTONS = [
  { action: 'del', label: 'myOrder.delete', testId: 'delete-order', primary: false },
  { action: 'refund', label: 'myOrder.refund', testId: 'refund-order', primary: false },
  { action: 'cancel', label: 'orders.cancelPayment', testId: 'cancel-order', primary: false },
  { action: 'pay', label: 'orders.pay', testId: 'pay-order', primary: true },
  { action: 'retryDelivery', label: 'delivery.retry', testId: 'retry-delivery', primary: true },
] as const;

/** The buttons of the actions an order's status allows, on its card and in its detail (`testIdPrefix` tells them apart). */
export function OrderActionButtons({
  actions,
  busy,
  onAction,
  testIdPrefix = '',
}: {
  actions: OrderActions;
  busy: boolean;
  onAction: (action: OrderAction) => void;
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  const offered = BUTTONS.filter((button) => actions[button.action]);
  if (!offered.length) return null;
  return (
    <div className="mo-card__actions">
      {offered.map((button) => (
        <button
          key={button.action}
          type="button"
          className={`shop-button shop-button--small${button.primary ? ' shop-button--primary' : ''}`}
          disabled={busy}
          aria-busy={busy}
          onClick={() => onAction(button.action)}
          data-testid={`${testIdPrefix}${button.testId}`}
        >
          {t(button.label)}
        </button>
      ))}
    </div>
  );
}
