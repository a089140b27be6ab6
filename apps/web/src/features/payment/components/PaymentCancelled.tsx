import { useTranslation } from 'react-i18next';
import { OrderStatus } from '@shop/contract/orders';
import type { PaymentOrigin } from '../../../shared/payment/paths';
import { PaymentResultActions } from './PaymentResultActions';

/**
 * "Payment cancelled": the payment was abandoned at the provider (or the provider's widget or pay frame reported it
 * troubled) and the order stays unpaid; with the session it can be paid again at once.
 */
export function PaymentCancelled({ from, session, orderId }: { from: PaymentOrigin; session: boolean; orderId: number | null }) {
  const { t } = useTranslation();
  return (
    <main className="pay-result" data-testid="payment-cancel">
      <div className="pay-result__icon pay-result__icon--closed" aria-hidden="true">
        ✕
      </div>
      <h1 className="pay-result__title">{t('payment.cancelTitle')}</h1>
      <p className="pay-result__text">{t('payment.cancelText')}</p>
      <PaymentResultActions
        from={from}
        session={session}
        order={orderId === null ? undefined : { id: orderId, status: OrderStatus.AWAITING_PAYMENT }}
      />
    </main>
  );
}
