import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { countryNamer } from '../../../shared/lib/country-name';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { maskEmail, maskMobile } from '../lib/contact-display';
import { useUserInfo } from '../../../shared/account/get-user-info';
import './account.css';

/** Personal profile: e-mail, phone (change, or bind when there is none), password and the account's country/region. */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: user } = useUserInfo();
  const loading = <span className="shop-skeleton shop-skeleton--text" aria-label={t('common.loading')} />;
  const notBound = <span className="shop-muted">{t('account.notBound')}</span>;

  return (
    <main className="shop-page account-page" data-testid="personal-center-page">
      <PageHeader title={t('account.personalCenter')} />
      <dl className="account-profile">
        <div className="account-profile__row">
          <dt>{t('account.accountId')}</dt>
          <dd data-testid="profile-id">{user ? user.id : loading}</dd>
        </div>
        <div className="account-profile__row">
          <dt>{t('auth.email')}</dt>
          <dd data-testid="profile-email">{user ? (user.email ? maskEmail(user.email) : notBound) : loading}</dd>
          {user && (
            <Link to={user.email ? '/my/changeEmail' : '/my/bindEmail'} data-testid={user.email ? 'to-change-email' : 'to-bind-email'}>
              {t(user.email ? 'account.change' : 'account.bind')}
            </Link>
          )}
        </div>
        <div className="account-profile__row">
          <dt>{t('auth.mobile')}</dt>
          <dd data-testid="profile-mobile">{user ? (user.mobile ? maskMobile(user.mobile) : notBound) : loading}</dd>
          {user && (
            <Link to={user.mobile ? '/my/changePhone' : '/my/bindPhone'} data-testid={user.mobile ? 'to-change-phone' : 'to-bind-phone'}>
              {t(user.mobile ? 'account.change' : 'account.bind')}
            </Link>
          )}
        </div>
        <div className="account-profile__row">
          <dt>{t('auth.password')}</dt>
          <dd data-testid="profile-password">{user ? (user.hasPassword ? '••••••••' : <span className="shop-muted">{t('account.noPassword')}</span>) : loading}</dd>
          {user?.hasPassword && (
            <Link to="/my/changePassword" data-testid="to-change-password">
              {t('account.change')}
            </Link>
          )}
        </div>
        <div className="account-profile__row">
          <dt>{t('auth.country')}</dt>
          <dd data-testid="profile-country">{user ? (user.countryCode ? countryNamer(language)(user.countryCode) : '—') : loading}</dd>
        </div>
      </dl>
    </main>
  );
}
