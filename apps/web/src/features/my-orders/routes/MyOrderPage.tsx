import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Order } from '@shop/contract/orders';
import { useUnmountSignal } from '../../../shared/hooks/useUnmountSignal';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { queueDeliveryRetry, waitForRetriedDelivery } from '../../../shared/orders/delivery-retry';
import { invalidateOrders } from '../../../shared/orders/order-keys';
import { patchClientState } from '../../../shared/store/client-store';
import { NotFoundBlock } from '../../../shared/ui/NotFoundBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { TabBar } from '../../../shared/ui/TabBar';
import { confirmAction } from '../../../shared/ui/confirm';
import { showToast } from '../../../shared/ui/toast';
import { useMyOrders } from '../api/get-my-orders';
import { cancelMyOrder, deleteMyOrder, requestRefund } from '../api/my-orders-api';
import { MyOrderCard } from '../components/MyOrderCard';
import type { OrderAction } from '../components/OrderActionButtons';
import { OrderDetailPopup } from '../components/OrderDetailPopup';
import { MY_ORDER_TABS, actionsOf, myOrderTab } from '../lib/my-order-view';
import './my-orders.css';

/** My Orders of the shop: filter tabs, order detail, and cancel, pay, refund request, delete and retry delivery. */
export default function MyOrderPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [query, setQuery] = useSearchParams();
  const type = myOrderTab(query.get('type'));
  const orders = useMyOrders(type, language);
  const [openId, setOpenId] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const unmountSignal = useUnmountSignal();

  useEffect(() => {
    document.title = t('myOrder.title');
  }, [t]);

  /** Queues the delivery again, then shows the order complete as soon as the game took the goods (seconds when it is up). */
  async function retryDelivery(orderId: number) {
    setBusyId(orderId);
    try {
      await queueDeliveryRetry(orderId);
      showToast(t('delivery.retryQueued'));
      void invalidateOrders();
      const signal = unmountSignal();
      await waitForRetriedDelivery(orderId, signal);
      if (!signal.aborted) void invalidateOrders();
    } catch {
      // the API client has told the player why not
    } finally {
      setBusyId(null);
    }
  }

  function chooseTab(key: string) {
    const next = new URLSearchParams(query);
    next.set('type', key);
    setQuery(next, { replace: true });
  }

  async function act(order: Pick<Order, 'id' | 'orderSn'> & Partial<Order>, action: OrderAction) {
    if (action === 'pay') {
      if (order.items) patchClientState({ currentOrder: order as Order });
      void navigate(`/purchaseOrder?id=${order.id}`);
      return;
    }
    if (action === 'retryDelivery') return retryDelivery(order.id);
    if (action === 'del' && !(await confirmAction(t('myOrder.deleteConfirm'), t('myOrder.delete'), t('common.back')))) return;
    if (action === 'refund' && !(await confirmAction(t('myOrder.refundConfirm'), t('myOrder.refund'), t('common.back')))) return;
    if (action === 'cancel' && !(await confirmAction(t('myOrder.cancelConfirm'), t('orders.cancelPayment'), t('common.back')))) return;
    setBusyId(order.id);
    try {
      if (action === 'cancel') await cancelMyOrder(order);
      if (action === 'refund') await requestRefund(order.id);
      if (action === 'del') {
        await deleteMyOrder(order.id);
        setOpenId(null);
      }
      showToast(t(`myOrder.done.${action}`));
    } catch {
      // the API client has told the player why not
    } finally {
      setBusyId(null);
    }
  }

  const list = orders.data?.list;
  const open = list?.find((order) => order.id === openId);
  return (
    <div className="mo">
      <PageHeader title={t('myOrder.title')} />
      <TabBar
        items={MY_ORDER_TABS.map((tab) => ({ key: String(tab.type), title: t(tab.label), testId: `order-tab-${tab.key}` }))}
        activeKey={String(type)}
        onChange={chooseTab}
        className="mo-tabs"
        stretch
      />
      <main className="mo-main" aria-busy={orders.isFetching} data-testid="my-orders" data-type={type} data-loading={orders.isFetching}>
        {list && list.length === 0 ? (
          <NotFoundBlock />
        ) : (
          <ul className="mo-list">
            {(list ?? []).map((order) => (
              <MyOrderCard
                key={order.id}
                order={order}
                actions={actionsOf(order)}
                busy={busyId === order.id}
                language={language}
                onOpen={() => setOpenId(order.id)}
                onAction={(action) => void act(order, action)}
              />
            ))}
          </ul>
        )}
      </main>
      <OrderDetailPopup
        orderId={openId}
        language={language}
        busy={busyId !== null}
        onClose={() => setOpenId(null)}
        onAction={(action) => open && void act(open, action)}
      />
    </div>
  );
}
