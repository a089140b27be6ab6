import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readToken } from '../../../shared/storage/token';
import { PaymentCancelled } from '../components/PaymentCancelled';
import { breakOutOfFrame, paymentQuery } from '../lib/target';
import './payment.css';

/** Where providers send the player after an abandoned or troubled payment. The order stays unpaid. */
export default function PaymentCancelPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const { from, orderId } = paymentQuery(query);
  const [framed] = useState(() => typeof window !== 'undefined' && window.top !== window.self);
  const [session] = useState(() => readToken() !== null);

  useEffect(() => {
    document.title = t('payment.cancelTitle');
    breakOutOfFrame();
  }, [t]);

  if (framed) return null;
  return <PaymentCancelled from={from} session={session} orderId={orderId} />;
}
