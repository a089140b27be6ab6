import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { LanguageSelect } from '../../../shared/ui/LanguageSelect';
import { formatNumber } from '../../../shared/lib/format';
import { logOut } from '../api/account-api';
import { maskEmail, maskMobile } from '../lib/contact-display';
import { useUserInfo } from '../../../shared/account/get-user-info';
import './account.css';

/** Profile tab: who is logged in, the game account in use, the voucher balance, and the way to everything personal. */
export default function MyPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const [leaving, setLeaving] = useState(false);
  const account = user ? (user.email ? maskEmail(user.email) : user.mobile ? maskMobile(user.mobile) : t('account.guestOfGame')) : '';

  const leave = () => {
    setLeaving(true);
    void logOut().finally(() => navigate('/login', { replace: true }));
  };

  return (
    <main className="shop-page account-page" data-testid="my-page">
      <header className="account-header">
        <h1 className="account-header__title">{t('account.myTitle')}</h1>
        <LanguageSelect value={language} className="shop-language--light" />
      </header>
      <section className="account-card" aria-label={t('account.myTitle')}>
        <div className="account-card__avatar" aria-hidden="true">
          {account.replace(/^\+/, '').slice(0, 1).toUpperCase() || '·'}
        </div>
        <div className="account-card__body">
          <p className="account-card__name" data-testid="my-account">
            {user ? account : <span className="shop-skeleton shop-skeleton--text" aria-label={t('common.loading')} />}
          </p>
          {user?.gameRole && (
            <p className="shop-muted" data-testid="my-role">
              {t('account.roleLine', { game: user.gameRole.gameName, server: user.gameRole.serverName, role: user.gameRole.roleName })}
            </p>
          )}
          {user && (
            <p className="account-card__balance" data-testid="my-balance">
              {t('account.voucherBalance', { balance: formatNumber(user.voucherBalance, language) })}
            </p>
          )}
        </div>
      </section>
      <nav className="account-menu" aria-label={t('account.myTitle')}>
        <Link to="/my/personalCenter" data-testid="to-personal-center">
          {t('account.personalCenter')}
        </Link>
        <Link to="/myOrder" data-testid="to-my-orders">
          {t('account.myOrders')}
        </Link>
        <Link to="/role" data-testid="to-roles">
          {t('account.gameAccounts')}
        </Link>
        <Link to="/voucher/history" data-testid="to-voucher-history">
          {t('voucherHistory.title')}
        </Link>
      </nav>
      <div className="account-actions">
        <button type="button" className="shop-button shop-button--block" disabled={leaving} onClick={leave} data-testid="logout">
          {t('account.logout')}
        </button>
      </div>
    </main>
  );
}
