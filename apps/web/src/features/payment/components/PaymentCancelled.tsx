import { useTranslation } from 'react-i18next';
import type { PaymentOrigin } from '../../../shared/payment/paths';
import { PaymentResultActions } from './PaymentResultActions';

/** "Payment cancelled": the payment was abandoned at the provider and the order stays unpaid. */
export function PaymentCancelled({ from, session }: { from: PaymentOrigin; session: boolean }) {
  const { t } = useTranslation();
  return (
    <main className="pay-result" data-testid="payment-cancel">
      <div className="pay-result__icon pay-result__icon--closed" aria-hidden="true">
        ✕
      </div>
      <h1 className="pay-result__title">{t('payment.cancelTitle')}</h1>
      <p className="pay-result__text">{t('payment.cancelText')}</p>
      <PaymentResultActions from={from} session={session} />
    </main>
  );
}
