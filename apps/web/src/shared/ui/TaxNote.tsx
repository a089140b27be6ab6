import { useTranslation } from 'react-i18next';
import type { Language } from '@shop/contract/languages';
import { formatTaxRate } from '../lib/format';

/** "Incl. 19% VAT" under a price that includes the country's tax (ADR 0050: `taxIncluded`, `taxRateBp` of the list). */
export function TaxNote({ taxIncluded, taxRateBp, language, className }: { taxIncluded: boolean; taxRateBp: number; language: Language; className?: string }) {
  const { t } = useTranslation();
  if (!taxIncluded || !(taxRateBp > 0)) return null;
  return (
    <span className={`shop-tax-note ${className ?? ''}`} data-testid="tax-note">
      {t('pricing.taxIncluded', { rate: formatTaxRate(taxRateBp, language) })}
    </span>
  );
}
