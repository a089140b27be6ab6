import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BoundRole } from '@shop/contract/roles';

/** Which game account the shop delivers to, with a link to switch or bind one on /role. */
export function AccountChip({ role, loading }: { role: BoundRole | undefined; loading: boolean }) {
  const { t } = useTranslation();
  if (loading && !role) return <div className="sh-account sh-account--loading" aria-hidden="true" />;
  return (
    <Link to="/role" className="sh-account" data-testid="current-account">
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
