import { useTranslation } from 'react-i18next';
import { diamondAmountOf, type VoucherGoods } from '@shop/contract/catalog';
import type { PayChannel } from '@shop/contract/channels';
import type { Language } from '@shop/contract/languages';
import { findProvider } from '../../../shared/payment/providers/provider-map';
import type { ChargedAmount } from '../../../shared/pricing/charged-price';
import { BaseChargeNote } from '../../../shared/ui/BaseChargeNote';
import { Price } from '../../../shared/ui/Price';

/**
 * Order summary and Submit Order: disabled (with a prompt) until a voucher is chosen. A channel that charges the base
 * price instead of the local one says so, with the amount, before the player submits (ADR 0053).
 */
export function BottomBar({
  voucher,
  channel,
  charged,
  language,
  canSubmit,
  submitting,
  onSubmit,
}: {
  voucher: VoucherGoods | undefined;
  channel: PayChannel | undefined;
  charged: ChargedAmount | undefined;
  language: Language;
  canSubmit: boolean;
  submitting: boolean;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const diamonds = voucher ? diamondAmountOf(voucher.configJson) : undefined;
  return (
    <footer className="vp-bar" data-testid="bottom-bar">
      <div className="vp-bar__summary" aria-live="polite">
        {voucher ? (
          <>
            <span className="vp-bar__product" data-testid="bar-product">
              {voucher.productName}
              {diamonds !== undefined && (
                <span className="vp-bar__diamonds" data-testid="bar-diamonds">
                  {' '}
                  {t('voucher.gems', { count: diamonds })}
                </span>
              )}
            </span>
            <Price
              price={voucher.productPrice}
              discountPrice={voucher.productDiscountPrice}
              currency={voucher.currency}
              language={language}
              className="vp-bar__amount"
            />
            {charged && <BaseChargeNote shownCurrency={voucher.currency} charged={charged} language={language} className="vp-bar__charged" />}
            {channel && findProvider(channel.thirdChannelName)?.amountMayVary && (
              <span className="vp-bar__hint" data-testid={`${channel.thirdChannelName}-hint`}>
                {t('voucher.amountMayVaryHint')}
              </span>
            )}
          </>
        ) : (
          <span className="vp-bar__prompt" data-testid="select-prompt">
            {t('voucher.selectPrompt')}
          </span>
        )}
      </div>
      <button
        type="button"
        className="shop-button shop-button--primary vp-bar__submit"
        disabled={!canSubmit}
        aria-busy={submitting}
        data-testid="submit-order"
        onClick={onSubmit}
      >
        {submitting ? t('voucher.submitting') : t('voucher.submit')}
      </button>
    </footer>
  );
}
