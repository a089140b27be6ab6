import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Stand-in for the login screen (a later issue): sign-in currently starts from the game. */
export default function LoginPlaceholderPage() {
  const { t } = useTranslation();
  return (
    <main className="shop-page shop-center" data-testid="login-placeholder">
      <h1 className="shop-title">{t('login.title')}</h1>
      <p className="shop-muted">{t('login.fromGame')}</p>
      <Link to="/voucher" className="shop-button shop-button--primary">
        {t('login.toVoucher')}
      </Link>
    </main>
  );
}
