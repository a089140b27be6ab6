import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BoundRole } from '@shop/contract/roles';
import { GameBanner, GameIcon } from '../../../shared/ui/GameArt';

/**
 * Which game account the shop delivers to, over the game's banner with its icon (the game of `appId`: the shop's game
 * even without a bound role), with a link to switch or bind one on /role.
 */
export function AccountChip({ role, loading, appId }: { role: BoundRole | undefined; loading: boolean; appId: number | null }) {
  const { t } = useTranslation();
  if (loading && !role) return <div className="sh-account sh-account--loading" aria-hidden="true" />;
  return (
    <Link to="/role" className="sh-account" data-testid="current-account">
      {appId !== null && <GameBanner appId={appId} />}
      {appId !== null && (
        <span className="sh-account__icon">
          <GameIcon appId={appId} size={44} />
        </span>
      )}
      {role ? (
        <>
          <span className="sh-account__game">{role.gameName}</span>
          <span className="sh-account__role">
            {role.roleName} · {t('role.levelShort', { level: role.level })} · {role.serverName}
          </span>
          <span className="sh-account__action">{t('shop.switchAccount')}</span>
        </>
      ) : (
        <span className="sh-account__role">{t('shop.bindFirst')}</span>
      )}
    </Link>
  );
}
