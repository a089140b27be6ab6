import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { channelsForDevice } from '@shop/contract/channels';
import { DEFAULT_REGION, UNKNOWN_REGION } from '@shop/contract/games';
import { displayOrderSn, isPayable } from '@shop/contract/orders';
import { ThirdChannelName } from '@shop/contract/orders.schema';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { formatPrice } from '../../../shared/lib/format';
import { currentPlatform } from '../../../shared/lib/platform';
import { useOrder } from '../../../shared/orders/get-order';
import { useIpCountry } from '../../../shared/payment/get-ip-country';
import { usePayChannels } from '../../../shared/payment/get-pay-channels';
import { useClientStore } from '../../../shared/store/client-store';
import { payMethodLabel } from '../../../shared/payment/method-name';
import { ChannelPicker } from '../../../shared/ui/ChannelPicker';
import { NotFoundBlock } from '../../../shared/ui/NotFoundBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { closeExpiredOrder } from '../api/payment-api';
import { PayCountdown } from '../components/PayCountdown';
import { payOrderAgain } from '../lib/pay-again';
import './payment.css';

/**
 * Pays an unpaid order again (from My Order's Pay): shows the order, its items and total, and the payment method choice.
 * Kept as it was, the payment reopens with the order's provider; another method goes through v1/order/pay.
 */
export default function PurchaseOrderPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const stored = useClientStore((state) => state.currentOrder);
  const detail = useOrder(valid ? id : null);
  const order = detail.data ?? (stored && stored.id === id ? stored : undefined);
  const [paying, setPaying] = useState(false);
  const unpaid = order !== undefined && isPayable(order.status);
  const ip = useIpCountry(unpaid);
  const code = ip.data?.toUpperCase();
  const region = { data: ip.isPending ? undefined : !code || code === UNKNOWN_REGION ? DEFAULT_REGION : code };
  const appId = order?.appId;
  const channels = usePayChannels(appId, region.data);
  const shown = channelsForDevice(channels.data ?? [], currentPlatform());
  const [channelId, setChannelId] = useState<number | null>(null);
  const original = shown.find((item) => item.payMethodName === order?.payMethodName && item.thirdChannelName === order?.thirdChannelName);
  const chosen = shown.find((item) => item.id === channelId) ?? original;
  const { refetch } = detail;
  const expired = useCallback(() => {
    void closeExpiredOrder(id)
      .catch(() => undefined)
      .then(() => refetch());
  }, [id, refetch]);

  useEffect(() => {
    document.title = t('purchase.title');
  }, [t]);

  const channel = ThirdChannelName.safeParse(order?.thirdChannelName);
  const payable = order !== undefined && isPayable(order.status) && channel.success;

  async function pay() {
    if (!order || !channel.success) return;
    setPaying(true);
    try {
      await payOrderAgain(order, {
        channel: channel.data,
        switchTo: chosen && chosen !== original ? chosen : undefined,
        regionCode: region.data ?? DEFAULT_REGION,
      });
    } catch {
      // the API client has told the player
    } finally {
      setPaying(false);
    }
  }

  const back = order && order.orderSource !== 'voucher' ? '/myOrder' : '/voucher/OrderHistory';
  return (
    <div className="po">
      <PageHeader title={t('purchase.title')} back={back} />
      <main className="po-main">
        {!order ? (
          detail.isFetching ? null : <NotFoundBlock testId="order-not-found" />
        ) : (
          <>
            <section className="po-card" aria-labelledby="po-order">
              <h2 id="po-order" className="po-card__title">
                {t('orders.orderNo')} <span data-testid="order-number">{displayOrderSn(order.orderSn)}</span>
              </h2>
              <p className="po-status" data-testid="order-status">
                {t(`status.${order.status}`)}
              </p>
              <ul className="po-items">
                {order.items.map((item) => (
                  <li key={item.id} className="po-item" data-testid="order-item">
                    {item.thumb && <img src={item.thumb} alt="" width={48} height={48} loading="lazy" />}
                    <span className="po-item__name">{item.productName}</span>
                    <span className="po-item__qty">{t('orders.quantity', { quantity: item.quantity })}</span>
                    <span className="po-item__price">
                      {formatPrice(item.price, item.currency || order.currency, language)}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="po-total">
                {t('orders.orderTotal')}{' '}
                <strong data-testid="order-total">{formatPrice(order.totalAmount, order.currency, language)}</strong>
              </p>
            </section>
            <section className="po-card" aria-labelledby="po-method">
              <h2 id="po-method" className="po-card__title">
                {t('voucher.paymentMethod')}
              </h2>
              <p data-testid="order-channel">
                {payMethodLabel(chosen?.payMethodName ?? order.payMethodName ?? order.thirdChannelName ?? '—', t)}
              </p>
              {isPayable(order.status) && shown.length > 0 && (
                <ChannelPicker channels={shown} selectedId={chosen?.id ?? null} onSelect={setChannelId} />
              )}
            </section>
            {isPayable(order.status) && order.expireTime && <PayCountdown expireTime={order.expireTime} onExpired={expired} />}
            {!isPayable(order.status) && <p className="po-note">{t('purchase.notPayable')}</p>}
            <button
              type="button"
              className="shop-button shop-button--primary shop-button--block"
              disabled={!payable || paying}
              aria-busy={paying}
              onClick={() => void pay()}
              data-testid="pay-again"
            >
              {t('purchase.pay')}
            </button>
          </>
        )}
      </main>
    </div>
  );
}
