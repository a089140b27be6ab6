import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Order } from '@shop/contract/orders';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { patchClientState } from '../../../shared/store/client-store';
import { confirmAction } from '../../../shared/ui/confirm';
import { NotFoundBlock } from '../../../shared/ui/NotFoundBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { TabBar } from '../../../shared/ui/TabBar';
import { cancelPayment } from '../api/cancel-order';
import { useOrders } from '../api/get-orders';
import { OrderCard } from '../components/OrderCard';
import { OrderItemsPopup } from '../components/OrderItemsPopup';
import { ORDER_TABS, tabFromQuery } from '../lib/order-view';
import './orders.css';

export default function OrderHistoryPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [query, setQuery] = useSearchParams();
  const type = tabFromQuery(query.get('type'));
  const orders = useOrders(type, language);
  const [popupOrder, setPopupOrder] = useState<Order | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  useEffect(() => {
    document.title = t('orders.title');
  }, [t]);

  function chooseTab(key: string) {
    const next = new URLSearchParams(query);
    next.set('type', key);
    setQuery(next, { replace: true });
  }

  /** Asks first, as My Orders does: cancelling cannot be undone. */
  async function cancel(order: Order) {
    if (!(await confirmAction(t('myOrder.cancelConfirm'), t('orders.cancelPayment'), t('common.back')))) return;
    setBusyId(order.id);
    try {
      await cancelPayment(order);
    } catch {
      // the API client has told the player
    } finally {
      setBusyId(null);
    }
  }

  function pay(order: Order) {
    patchClientState({ currentOrder: order });
    void navigate(`/purchaseOrder?id=${order.id}`);
  }

  const list = orders.data?.list;
  return (
    <div className="op">
      <PageHeader title={t('orders.title')} back="/voucher?from=close" />
      <TabBar
        items={ORDER_TABS.map((tab) => ({ key: String(tab.type), title: t(tab.label) }))}
        activeKey={String(type)}
        onChange={chooseTab}
        className="op-tabs"
        stretch
      />
      <main className="op-list" aria-busy={orders.isFetching}>
        {list === undefined ? (
          orders.error ? (
            <div className="op-failed" role="alert">
              <p>{t('common.loadFailed')}</p>
              <button type="button" className="shop-button" onClick={() => void orders.refetch()}>
                {t('common.retry')}
              </button>
            </div>
          ) : null
        ) : list.length === 0 ? (
          <NotFoundBlock testId="orders-empty" />
        ) : (
          list.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              language={language}
              busy={busyId === order.id}
              onShowItems={setPopupOrder}
              onCancel={(item) => void cancel(item)}
              onPay={pay}
            />
          ))
        )}
      </main>
      <OrderItemsPopup order={popupOrder} language={language} onClose={() => setPopupOrder(null)} />
    </div>
  );
}
