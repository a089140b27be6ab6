import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { GoodsType, diamondAmountOf } from '@shop/contract/catalog';
import { MAX_QUANTITY } from '@shop/contract/shop-orders';
import { addToCart } from '../../../shared/cart/cart-store';
import { startSettlement, toCartProduct } from '../../../shared/checkout/settlement';
import { getConfig } from '../../../shared/config/runtime-config';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { formatPrice } from '../../../shared/lib/format';
import { toMajor } from '../../../shared/pricing/money';
import { useShopCountry } from '../../../shared/pricing/use-shop-country';
import { patchClientState } from '../../../shared/store/client-store';
import { NotFoundBlock } from '../../../shared/ui/NotFoundBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Price } from '../../../shared/ui/Price';
import { ProductBadges } from '../../../shared/ui/ProductBadges';
import { TaxNote } from '../../../shared/ui/TaxNote';
import { showToast } from '../../../shared/ui/toast';
import { useProduct } from '../api/get-product';
import { clampQuantity, productPath } from '../lib/home-tabs';
import './shop.css';

/** Item details: description, price, a quantity (1..10) and "Buy now" to the settlement (and "Add to cart" when on). */
export default function GoodsDetailPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const country = useShopCountry();
  const detail = useProduct(id, country, language, { enabled: valid });
  const product = detail.data;
  const [quantity, setQuantity] = useState(1);
  const cartOn = getConfig().features.cart;

  useEffect(() => {
    document.title = product?.productName ?? t('shop.detailTitle');
  }, [t, product?.productName]);
  useEffect(() => {
    if (product) patchClientState({ currentProduct: product });
    // a free gift opened here goes to its own page
    if (product?.goodsType === GoodsType.FREE) void navigate(productPath(product), { replace: true });
  }, [product, navigate]);

  if (!product) {
    return (
      <div className="sh">
        <PageHeader title={t('shop.detailTitle')} />
        {!valid || (detail.error && !detail.isFetching) ? <NotFoundBlock testId="product-not-found" /> : null}
      </div>
    );
  }

  const diamonds = diamondAmountOf(product.configJson);
  const change = (value: number) => setQuantity(clampQuantity(value, MAX_QUANTITY));

  function buy() {
    startSettlement({ source: 'product', appId: product!.appId, lines: [{ ...toCartProduct(product!), quantity, selected: true }] });
    void navigate('/settlement');
  }

  function add() {
    const problem = addToCart(toCartProduct(product!), quantity);
    showToast(problem ? t('cart.maxItems', { count: MAX_QUANTITY }) : t('cart.added'));
  }

  return (
    <div className="sh">
      <PageHeader title={t('shop.detailTitle')} />
      <main className="sh-detail" data-testid="goods-detail" data-product-id={product.id}>
        <div className="sh-detail__thumb">
          {product.thumbnail ? <img src={product.thumbnail} alt="" width={120} height={120} /> : <span aria-hidden="true">🎁</span>}
        </div>
        <h2 className="sh-detail__name" data-testid="product-name">
          {product.productName}
        </h2>
        {diamonds !== undefined && <p className="sh-detail__meta" data-testid="gems-amount">{t('shop.gemsAmount', { count: diamonds })}</p>}
        <Price
          price={product.productPrice}
          discountPrice={product.productDiscountPrice}
          currency={product.currency}
          language={language}
          className="sh-detail__price"
        />
        <TaxNote taxIncluded={product.taxIncluded} taxRateBp={product.taxRateBp} language={language} />
        <ProductBadges
          price={product.productPrice}
          discountPrice={product.productDiscountPrice}
          configJson={product.configJson}
          language={language}
          className="sh-detail__badges"
        />
        <p className="sh-detail__desc">{product.productDesc}</p>

        <div className="sh-qty" role="group" aria-label={t('shop.quantity')}>
          <span className="sh-qty__label">{t('shop.quantity')}</span>
          <button type="button" className="sh-qty__btn" onClick={() => change(quantity - 1)} disabled={quantity <= 1} aria-label={t('shop.less')} data-testid="qty-minus">
            −
          </button>
          <input
            className="sh-qty__input"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_QUANTITY}
            value={quantity}
            onChange={(event) => change(Number(event.target.value))}
            aria-label={t('shop.quantity')}
            data-testid="qty-input"
          />
          <button type="button" className="sh-qty__btn" onClick={() => change(quantity + 1)} disabled={quantity >= MAX_QUANTITY} aria-label={t('shop.more')} data-testid="qty-plus">
            +
          </button>
        </div>
        <p className="sh-detail__total">
          {t('shop.total')}{' '}
          <strong data-testid="detail-total">{formatPrice(toMajor(product.discountPriceMinor * quantity, product.currency), product.currency, language)}</strong>
        </p>
        <p className="sh-hint">{t('shop.priceHint')}</p>
        <div className="sh-detail__actions">
          {cartOn && (
            <button type="button" className="shop-button shop-button--block" onClick={add} data-testid="add-to-cart">
              {t('cart.add')}
            </button>
          )}
          <button type="button" className="shop-button shop-button--primary shop-button--block" onClick={buy} data-testid="buy-now">
            {t('shop.buyNow')}
          </button>
        </div>
      </main>
    </div>
  );
}
