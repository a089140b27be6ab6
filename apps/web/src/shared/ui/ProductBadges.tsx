import { useTranslation } from 'react-i18next';
import { bonusAmountOf } from '@shop/contract/catalog';
import { toHttpLanguage, type Language } from '@shop/contract/languages';
import { discountPercent } from '../lib/badges';
import './product-badges.css';

/**
 * A product's badges (issue 14): the discount ("10% off", from the price and the discounted price) and the bonus of a
 * gem pack ("+200 bonus", `bonus` of its config). Nothing when it has neither.
 */
export function ProductBadges({
  price,
  discountPrice,
  configJson,
  language,
  className,
}: {
  /** The original and the charged price in major units, as the shop's lists give them. */
  price: number;
  discountPrice: number;
  configJson: string;
  language: Language;
  className?: string;
}) {
  const { t } = useTranslation();
  // in hundredths, so that the float major units compare exactly
  const percent = discountPercent(Math.round(price * 100), Math.round(discountPrice * 100));
  const bonus = bonusAmountOf(configJson);
  if (percent === undefined && bonus === undefined) return null;
  return (
    <span className={`shop-badges ${className ?? ''}`}>
      {percent !== undefined && (
        <span className="shop-badge shop-badge--discount" data-testid="badge-discount">
          {t('look.badge.discount', { percent: new Intl.NumberFormat(toHttpLanguage(language), { style: 'percent' }).format(percent / 100) })}
        </span>
      )}
      {bonus !== undefined && (
        <span className="shop-badge shop-badge--bonus" data-testid="badge-bonus">
          {t('look.badge.bonus', { count: bonus })}
        </span>
      )}
    </span>
  );
}
