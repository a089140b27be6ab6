import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getLoadingCount, subscribeLoading } from './loading';

/** A light overlay spinner shown while any non-silent API call runs (CSS only: no animation library on first load). */
export function GlobalSpinner() {
  const { t } = useTranslation();
  const busy = useSyncExternalStore(subscribeLoading, () => getLoadingCount() > 0, () => false);
  if (!busy) return null;
  return (
    <div className="shop-spinner" role="status" aria-live="polite" data-testid="global-spinner">
      <span className="shop-spinner__wheel" aria-hidden="true" />
      <span className="shop-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
