import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="shop-page shop-center" data-testid="page-not-found">
      <p className="shop-big" aria-hidden="true">
        404
      </p>
      <h1 className="shop-title">{t('notFound.title')}</h1>
      <p className="shop-muted">{t('notFound.text')}</p>
      <Link to="/voucher?from=close" className="shop-button shop-button--primary">
        {t('notFound.toVoucher')}
      </Link>
    </main>
  );
}
