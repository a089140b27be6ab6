import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserInfo } from '@shop/contract/auth';
import type { Language } from '@shop/contract/languages';
import { loginPathReturningTo } from '../../../shared/auth/login-return';
import { GameBanner, GameIcon } from '../../../shared/ui/GameArt';
import { LanguageSelect } from '../../../shared/ui/LanguageSelect';

/**
 * Dark header over the game's banner: the game's icon and name, server name (not for every game) and role, with the language dropdown. Without a session
 * (`guest`) it asks the player to log in; a session without a game account asks for one to be bound.
 */
export function PlayerHeader({
  appId,
  user,
  guest,
  showServerName,
  language,
}: {
  /** The page's game: its banner and icon start loading with the first render, before the player's info arrives. */
  appId: number;
  user: UserInfo | undefined;
  guest: boolean;
  showServerName: boolean;
  language: Language;
}) {
  const { t } = useTranslation();
  const role = user?.gameRole;
  const waiting = !guest && !user;
  return (
    <header className="vp-header">
      <GameBanner appId={role?.appId ?? appId} />
      <div className="vp-header__top">
        <div className="vp-header__title">
          <GameIcon appId={role?.appId ?? appId} size={40} />
          <h1 className="vp-header__game" data-testid="game-name">
            {role?.gameName ??
              (waiting ? <span className="shop-skeleton shop-skeleton--text" aria-label={t('common.loading')} /> : t('voucher.title'))}
          </h1>
        </div>
        <LanguageSelect value={language} className="vp-header__language" />
      </div>
      {/* the line is there from the first render, so the page below does not move down when the player's info arrives
          (a guest's page knows from the start that none will) */}
      {waiting && (
        <div className="vp-header__player" aria-hidden="true">
          <span className="shop-skeleton shop-skeleton--text vp-header__pending" />
        </div>
      )}
      {role && (
        <dl className="vp-header__player">
          {showServerName && (
            <div>
              <dt>{t('voucher.server')}</dt>
              <dd data-testid="server-name">{role.serverName}</dd>
            </div>
          )}
          <div>
            <dt>{t('voucher.role')}</dt>
            <dd data-testid="role-name">{role.roleName}</dd>
          </div>
        </dl>
      )}
      {guest && (
        <Link to={loginPathReturningTo('/voucher')} className="vp-header__action" data-testid="voucher-login">
          {t('voucher.logIn')}
        </Link>
      )}
      {user && !role && (
        <Link to="/role" className="vp-header__action" data-testid="voucher-bind-role">
          {t('shop.bindFirst')}
        </Link>
      )}
    </header>
  );
}
