import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getConfig } from '../../../shared/config/runtime-config';
import { paymentResultPath } from '../../../shared/payment/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { FRAME_PROVIDER_WITHOUT_CHANNEL, frameOutcomeOf } from '../../../shared/payment/providers/provider-map';
import { isAllowedMessageOrigin, isAllowedPaymentUrl } from '../lib/iframe';
import { paymentQuery } from '../lib/target';
import './payment.css';

/** A provider's payment page inside the app (iframe payment mode); only configured payment hosts may load. */
export default function PayIframePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const url = query.get('iframeUrl');
  const { from, orderId, channel } = paymentQuery(query);
  const hosts = getConfig().paymentHosts;
  const allowed = isAllowedPaymentUrl(url, hosts);

  useEffect(() => {
    document.title = t('payment.iframeTitle');
  }, [t]);

  useEffect(() => {
    if (!allowed || orderId === null) return;
    const target = { from, orderId, channel: channel || FRAME_PROVIDER_WITHOUT_CHANNEL };
    const onMessage = (event: MessageEvent) => {
      if (!isAllowedMessageOrigin(event.origin, hosts)) return;
      const outcome = frameOutcomeOf(event.data);
      if (outcome) void navigate(paymentResultPath(outcome, target), { replace: true });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [allowed, hosts, from, orderId, channel, navigate]);

  if (!allowed || !url) {
    return (
      <div className="pay-frame">
        <PageHeader title={t('payment.iframeTitle')} back={from === 'shop' ? '/home' : '/voucher?from=close'} />
        <main className="pay-result" role="alert" data-testid="pay-blocked">
          <h2 className="pay-result__title">{t('payment.blockedTitle')}</h2>
          <p className="pay-result__text">{t('payment.blockedText')}</p>
        </main>
      </div>
    );
  }
  return (
    <div className="pay-frame">
      <iframe
        className="pay-frame__iframe"
        src={url}
        title={t('payment.iframeTitle')}
        allow="payment *"
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="pay-iframe"
      />
    </div>
  );
}
