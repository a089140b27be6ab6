import { useTranslation } from 'react-i18next';
import type { Language } from '@shop/contract/languages';
import { formatPrice, hasDiscount } from '../lib/format';

/** The price to pay, with the original struck through when the discount differs. */
export function Price({
  price,
  discountPrice,
  currency,
  language,
  className,
}: {
  price: number;
  discountPrice?: number;
  currency: string;
  language: Language;
  className?: string;
}) {
  const { t } = useTranslation();
  const final = discountPrice ?? price;
  const discounted = discountPrice !== undefined && hasDiscount(price, discountPrice);
  return (
    <span className={`shop-price ${className ?? ''}`}>
      <span className="shop-price__final">{formatPrice(final, currency, language)}</span>
      {discounted && (
        <s className="shop-price__original">
          <span className="shop-visually-hidden">{t('common.originalPrice')} </span>
          {formatPrice(price, currency, language)}
        </s>
      )}
    </span>
  );
}
