import { useTranslation } from 'react-i18next';
import type { VoucherGoods } from '@shop/contract/catalog';
import type { Language } from '@shop/contract/languages';
import { Price } from '../../../shared/ui/Price';
import { ProductBadges } from '../../../shared/ui/ProductBadges';

/** The voucher cards: a radio group, so picking one checks only that card. */
export function VoucherGrid({
  vouchers,
  selectedId,
  onSelect,
  language,
  disabled,
}: {
  vouchers: VoucherGoods[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  language: Language;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="vp-grid" role="radiogroup" aria-label={t('voucher.chooseVoucher')}>
      {vouchers.map((voucher) => {
        const checked = voucher.id === selectedId;
        return (
          <label
            key={voucher.id}
            className={`vp-card${checked ? ' vp-card--checked' : ''}`}
            data-testid="voucher-card"
            data-checked={checked}
          >
            <input
              type="radio"
              name="voucher"
              className="shop-visually-hidden"
              value={voucher.id}
              checked={checked}
              disabled={disabled}
              onChange={() => onSelect(voucher.id)}
            />
            <span className="vp-card__thumb">
              {voucher.thumbnail ? (
                <img src={voucher.thumbnail} alt="" width={64} height={64} loading="lazy" decoding="async" />
              ) : (
                <span className="vp-card__placeholder" aria-hidden="true">
                  🎟
                </span>
              )}
            </span>
            <ProductBadges
              price={voucher.productPrice}
              discountPrice={voucher.productDiscountPrice}
              configJson={voucher.configJson}
              language={language}
              className="vp-card__badges"
            />
            <span className="vp-card__name">{voucher.productName}</span>
            <Price
              price={voucher.productPrice}
              discountPrice={voucher.productDiscountPrice}
              currency={voucher.currency}
              language={language}
              className="vp-card__price"
            />
            <span className="vp-card__check" aria-hidden="true" />
          </label>
        );
      })}
    </div>
  );
}
