import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// antd-mobile's Empty is loaded only when a list is actually empty (it is rare, and the voucher page's budget is tight).
const Empty = lazy(() => import('antd-mobile/es/components/empty'));

/** The spec's "Not found" placeholder for empty lists. */
export function NotFoundBlock({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  const text = t('common.notFound');
  return (
    <div className="shop-empty" data-testid={testId ?? 'not-found'}>
      <Suspense fallback={<p className="shop-empty__text">{text}</p>}>
        <Empty description={text} />
      </Suspense>
    </div>
  );
}
