import { useTranslation } from 'react-i18next';
import Popup from 'antd-mobile/es/components/popup';
import { displayOrderSn } from '@shop/contract/orders';
import type { Language } from '@shop/contract/languages';
import { formatDateTime } from '../../../shared/lib/date-format';
import { formatPrice } from '../../../shared/lib/format';
import { RefundSummary } from '../../../shared/orders/RefundSummary';
import { useOrderItemDetail } from '../api/get-order-item-detail';
import { OrderActionButtons, type OrderAction } from './OrderActionButtons';

/**
 * Order detail (bottom popup, 50% height as the spec's order popup): goods, receiving account, refund request and a
 * completed refund, actions (the delivery again after a Delivery Error).
 */
export function OrderDetailPopup({
  orderId,
  language,
  busy,
  onClose,
  onAction,
}: {
  orderId: number | null;
  language: Language;
  busy: boolean;
  onClose: () => void;
  onAction: (action: OrderAction) => void;
}) {
  const { t } = useTranslation();
  const detail = useOrderItemDetail(orderId, language);
  const order = detail.data;
  return (
    <Popup visible={orderId !== null} onMaskClick={onClose} onClose={onClose} bodyStyle={{ minHeight: '50vh', maxHeight: '85vh', overflowY: 'auto' }}>
      <div className="mo-detail" data-testid="order-detail" role="dialog" aria-modal="true" aria-labelledby="mo-detail-title">
        <div className="mo-detail__head">
          <h2 id="mo-detail-title">{t('myOrder.detailTitle')}</h2>
          <button type="button" className="shop-button shop-button--small" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
        {order && (
          <>
            <p className="mo-detail__sn">
              {t('orders.orderNo')} {displayOrderSn(order.orderSn)} · <span data-testid="detail-status">{t(`status.${order.status}`)}</span>
            </p>
            <ul className="mo-detail__goods">
              {order.goods.map((goods) => (
                <li key={goods.productId} className="mo-item">
                  {goods.productThumbnail ? <img src={goods.productThumbnail} alt="" width={40} height={40} /> : <span aria-hidden="true">🎁</span>}
                  <span className="mo-item__name">
                    {goods.productName}
                    <small>{goods.productDesc}</small>
                  </span>
                  <span className="mo-item__qty">{t('orders.quantity', { quantity: goods.num })}</span>
                  <span>{formatPrice(goods.price, goods.currency || order.currency, language)}</span>
                </li>
              ))}
            </ul>
            <dl className="mo-facts">
              <dt>{t('orders.totalPaid')}</dt>
              <dd>{formatPrice(order.payAmount, order.currency, language)}</dd>
              {order.gameAccount && (
                <>
                  <dt>{t('myOrder.deliveredTo')}</dt>
                  <dd>
                    {order.gameAccount.gameName} · {order.gameAccount.roleName} · {order.gameAccount.serverName} ({order.gameAccount.gameId})
                  </dd>
                </>
              )}
              {order.deliveredTime && (
                <>
                  <dt>{t('myOrder.deliveredTime')}</dt>
                  <dd>{formatDateTime(order.deliveredTime, language)}</dd>
                </>
              )}
              {order.refundRequest && (
                <>
                  <dt>{t('myOrder.refundRequest')}</dt>
                  <dd data-testid="refund-status">{t(`myOrder.refundStatus.${order.refundRequest.status}`)}</dd>
                </>
              )}
            </dl>
            <RefundSummary orderId={order.orderId} status={order.status} language={language} className="mo-refund" />
            <OrderActionButtons actions={order.actions} busy={busy} onAction={onAction} testIdPrefix="detail-" />
          </>
        )}
      </div>
    </Popup>
  );
}
