import Popup from 'antd-mobile/es/components/popup';
import { useTranslation } from 'react-i18next';
import { displayOrderSn, type Order } from '@shop/contract/orders';
import type { Language } from '@shop/contract/languages';
import { RefundSummary } from '../../../shared/orders/RefundSummary';

/** The bottom popup (50% of the screen) with the order's item descriptions and, once refunded, what the refund did. */
export function OrderItemsPopup({ order, language, onClose }: { order: Order | null; language: Language; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={order !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="oc-popup"
      bodyStyle={{ height: '50vh' }}
      destroyOnClose
    >
      {order && (
        <div role="dialog" aria-modal="true" aria-labelledby="oc-popup-title" className="oc-popup__inner" data-testid="items-popup">
          <header className="oc-popup__head">
            <h2 id="oc-popup-title" className="oc-popup__title">
              {t('orders.detailsTitle', { number: displayOrderSn(order.orderSn) })}
            </h2>
            <button type="button" className="oc-popup__close" onClick={onClose} aria-label={t('common.close')}>
              ×
            </button>
          </header>
          <RefundSummary orderId={order.id} status={order.status} language={language} className="oc-popup__refund" />
          <ul className="oc-popup__list">
            {order.items.map((item) => (
              <li key={item.id} className="oc-popup__item">
                <h3 className="oc-popup__name">
                  {item.productName} <span className="oc-item__qty">{t('orders.quantity', { quantity: item.quantity })}</span>
                </h3>
                <p className="oc-popup__desc">{item.desc || t('orders.noDescription')}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Popup>
  );
}
