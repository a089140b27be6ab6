import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ThirdChannelName, displayOrderSn, isPayable } from '@shop/contract/orders';
import { useAsyncData } from '../../../shared/hooks/useAsyncData';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { formatPrice } from '../../../shared/lib/format';
import { startPayment } from '../../../shared/payment/start-payment';
import { useClientStore } from '../../../shared/store/client-store';
import { NotFoundBlock } from '../../../shared/ui/NotFoundBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { fetchOrder, reopenPayment } from '../api/payment-api';
import './payment.css';

/**
 * Pays an unpaid order again (from My Order's Pay): shows the order, its items and total, and reopens the payment with
 * the provider the order was created for. (Choosing another channel comes with the purchase-order screen's own issue.)
 */
export default function PurchaseOrderPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const stored = useClientStore((state) => state.currentOrder);
  const detail = useAsyncData(valid ? `order:${id}` : null, () => fetchOrder(id));
  const order = detail.data ?? (stored && stored.id === id ? stored : undefined);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    document.title = t('purchase.title');
  }, [t]);

  const channel = ThirdChannelName.safeParse(order?.thirdChannelName);
  const payable = order !== undefined && isPayable(order.status) && channel.success;

  async function pay() {
    if (!order || !channel.success) return;
    setPaying(true);
    try {
      const response = await reopenPayment(order);
      await startPayment(
        { orderId: order.id, from: order.orderSource === 'voucher' ? 'voucher' : 'shop', channel: channel.data },
        response,
      );
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
          detail.loading ? null : <NotFoundBlock testId="order-not-found" />
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
                    <span className="po-item__qty">{t('orders.quantity', { count: item.quantity })}</span>
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
              <p data-testid="order-channel">{order.payMethodName ?? order.thirdChannelName ?? '—'}</p>
            </section>
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
