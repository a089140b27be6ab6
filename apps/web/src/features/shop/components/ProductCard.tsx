import { Link } from 'react-router';
import type { Language } from '@shop/contract/languages';
import type { ShopProduct } from '@shop/contract/products';
import { Price } from '../../../shared/ui/Price';
import { ProductBadges } from '../../../shared/ui/ProductBadges';

/** A product tile: thumbnail with its discount and bonus badges, name, price (original struck through when discounted); opens its details. */
export function ProductCard({ product, to, language, badge }: { product: ShopProduct; to: string; language: Language; badge?: string }) {
  return (
    <Link to={to} className="sh-card" data-testid="product-card" data-product-id={product.id} data-goods-type={product.goodsType}>
      <span className="sh-card__thumb">
        {product.thumbnail ? <img src={product.thumbnail} alt="" width={64} height={64} loading="lazy" decoding="async" /> : <span aria-hidden="true">🎁</span>}
      </span>
      {!badge && (
        <ProductBadges
          price={product.productPrice}
          discountPrice={product.productDiscountPrice}
          configJson={product.configJson}
          language={language}
          className="sh-card__badges"
        />
      )}
      <span className="sh-card__name" data-testid="product-name">
        {product.productName}
      </span>
      {badge ? (
        <span className="sh-card__free">{badge}</span>
      ) : (
        <Price price={product.productPrice} discountPrice={product.productDiscountPrice} currency={product.currency} language={language} className="sh-card__price" />
      )}
    </Link>
  );
}
