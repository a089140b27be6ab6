import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Title bar with a back link. (antd-mobile's NavBar renders its back control as a div without keyboard support, so the
 * shop uses a real link styled the same way.)
 */
export function PageHeader({ title, back }: { title: string; back?: string }) {
  const { t } = useTranslation();
  return (
    <header className="shop-navbar">
      {back && (
        <Link to={back} className="shop-navbar__back" aria-label={t('common.back')} data-testid="back">
          <span aria-hidden="true">‹</span>
        </Link>
      )}
      <h1 className="shop-navbar__title">{title}</h1>
    </header>
  );
}
