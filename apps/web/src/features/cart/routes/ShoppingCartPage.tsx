import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_CURRENCY } from '@shop/contract/games';
import { MAX_ITEMS_PER_ORDER, MAX_QUANTITY } from '@shop/contract/shop-orders';
import { CART_MAX_ITEMS, checkoutProblem, selectedCount, selectedLines, selectionCharge } from '../../../shared/cart/cart';
import { changeQuantity, removeFromCart, selectAllLines, selectLine, useCartLines } from '../../../shared/cart/cart-store';
import { startSettlement } from '../../../shared/checkout/settlement';
import { getConfig } from '../../../shared/config/runtime-config';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { formatPrice } from '../../../shared/lib/format';
import { NotFoundBlock } from '../../../shared/ui/NotFoundBlock';
import { Price } from '../../../shared/ui/Price';
import { showToast } from '../../../shared/ui/toast';
import './cart.css';

/**
 * The cart (behind the cart feature flag): select lines, change quantities (1..10), remove; checkout takes at most 10
 * items per transaction and says "Please select an item to purchase" when nothing is selected.
 */
export default function ShoppingCartPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const lines = useCartLines();
  const enabled = getConfig().features.cart;

  useEffect(() => {
    document.title = t('cart.title');
  }, [t]);

  if (!enabled) {
    return (
      <div className="ct">
        <h1 className="ct-title">{t('cart.title')}</h1>
        <p className="shop-muted" data-testid="cart-off">
          {t('cart.unavailable')}
        </p>
      </div>
    );
  }

  const chosen = selectedLines(lines);
  const count = selectedCount(lines);
  const charge = selectionCharge(lines);
  const allSelected = lines.length > 0 && chosen.length === lines.length;

  function change(productId: number, quantity: number) {
    const problem = changeQuantity(productId, quantity);
    if (problem === 'tooMany') showToast(t('cart.maxItems', { count: MAX_QUANTITY }));
  }

  function checkout() {
    const problem = checkoutProblem(lines);
    if (problem === 'emptySelection') return showToast(t('cart.selectItem'));
    if (problem === 'tooMany') return showToast(t('cart.maxItems', { count: CART_MAX_ITEMS }));
    const appIds = new Set(chosen.map((line) => line.appId));
    if (appIds.size > 1) return showToast(t('cart.oneGame'));
    startSettlement({ source: 'cart', appId: chosen[0]!.appId, lines: chosen });
    void navigate('/settlement');
  }

  return (
    <div className="ct">
      <h1 className="ct-title">{t('cart.title')}</h1>
      {lines.length === 0 ? (
        <>
          <NotFoundBlock testId="cart-empty" />
          <Link to="/home" className="shop-button shop-button--block">
            {t('cart.goShopping')}
          </Link>
        </>
      ) : (
        <>
          <label className="ct-all">
            <input type="checkbox" checked={allSelected} onChange={(event) => selectAllLines(event.target.checked)} data-testid="select-all" />
            {t('cart.selectAll')}
          </label>
          <ul className="ct-lines">
            {lines.map((line) => (
              <li key={line.productId} className="ct-line" data-testid="cart-line" data-product-id={line.productId} data-quantity={line.quantity}>
                <input
                  type="checkbox"
                  checked={line.selected}
                  onChange={(event) => selectLine(line.productId, event.target.checked)}
                  aria-label={t('cart.selectLine', { name: line.productName })}
                  data-testid="cart-select"
                />
                {line.thumbnail ? <img src={line.thumbnail} alt="" width={48} height={48} /> : <span aria-hidden="true">🎁</span>}
                <div className="ct-line__body">
                  <span className="ct-line__name">{line.productName}</span>
                  <Price price={line.price} discountPrice={line.discountPrice} currency={line.currency} language={language} />
                  <div className="ct-qty" role="group" aria-label={t('shop.quantity')}>
                    <button type="button" onClick={() => change(line.productId, line.quantity - 1)} disabled={line.quantity <= 1} aria-label={t('shop.less')} data-testid="cart-minus">
                      −
                    </button>
                    <output data-testid="cart-qty">{line.quantity}</output>
                    <button type="button" onClick={() => change(line.productId, line.quantity + 1)} aria-label={t('shop.more')} data-testid="cart-plus">
                      +
                    </button>
                  </div>
                </div>
                <button type="button" className="ct-remove" onClick={() => removeFromCart(line.productId)} aria-label={t('cart.removeLine', { name: line.productName })} data-testid="cart-remove">
                  ✕
                </button>
              </li>
            ))}
          </ul>
          <p className="ct-hint shop-muted">{t('cart.limitHint', { count: MAX_ITEMS_PER_ORDER })}</p>
        </>
      )}
      <footer className="ct-bar">
        <span>
          {t('cart.selected', { selected: count })} · <strong data-testid="cart-total">{formatPrice(charge.total, charge.currency || lines[0]?.currency || DEFAULT_CURRENCY, language)}</strong>
        </span>
        <button type="button" className="shop-button shop-button--primary" onClick={checkout} data-testid="cart-checkout">
          {t('cart.checkout')}
        </button>
      </footer>
    </div>
  );
}
