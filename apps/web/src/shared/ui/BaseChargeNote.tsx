import { useTranslation } from 'react-i18next';
import type { Language } from '@shop/contract/languages';
import { formatPrice } from '../lib/format';
import { chargesOtherCurrency, type ChargedAmount } from '../pricing/charged-price';

/**
 * Before the player pays: the picked channel cannot charge the local currency, so it charges the base price in US
 * dollars (ADR 0053), and the page says how much ("This method charges in US dollars: $4.99").
 */
export function BaseChargeNote({ shownCurrency, charged, language, className }: { shownCurrency: string; charged: ChargedAmount; language: Language; className?: string }) {
  const { t } = useTranslation();
  if (!chargesOtherCurrency(shownCurrency, charged) || !Number.isFinite(charged.total)) return null;
  return (
    <p className={`shop-base-charge ${className ?? ''}`} role="note" data-testid="base-charge-note" data-currency={charged.currency}>
      {t('pricing.chargedInBase', { price: formatPrice(charged.total, charged.currency, language) })}
    </p>
  );
}
