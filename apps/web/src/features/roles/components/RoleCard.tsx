import { useTranslation } from 'react-i18next';
import type { BoundRole } from '@shop/contract/roles';

/** One bound game account with the spec's labels, its default and current flags, and its actions. */
export function RoleCard({
  role,
  busy,
  onSetDefault,
  onSwitch,
}: {
  role: BoundRole;
  busy: boolean;
  onSetDefault: () => void;
  onSwitch: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="rl-card" data-testid="role-card" data-game-id={role.gameId} data-role-id={role.roleId} data-default={role.isDefault} data-current={role.current}>
      <div className="rl-card__head">
        <span className="rl-card__game">{role.gameName}</span>
        {role.isDefault && (
          <span className="rl-tag rl-tag--default" data-testid="default-flag">
            {t('role.default')}
          </span>
        )}
        {role.current && <span className="rl-tag">{t('role.current')}</span>}
      </div>
      <dl className="rl-facts">
        <dt>{t('role.gameId')}</dt>
        <dd>{role.gameId}</dd>
        <dt>{t('role.name')}</dt>
        <dd data-testid="role-name">{role.roleName}</dd>
        <dt>{t('role.level')}</dt>
        <dd>{role.level}</dd>
        <dt>{t('role.serverName')}</dt>
        <dd>{role.serverName}</dd>
        <dt>{t('role.accountName')}</dt>
        <dd>{role.accountName}</dd>
        <dt>{t('role.roleName')}</dt>
        <dd>{role.roleName}</dd>
      </dl>
      <div className="rl-card__actions">
        {!role.isDefault && (
          <button type="button" className="shop-button shop-button--small" disabled={busy} onClick={onSetDefault} data-testid="set-default">
            {t('role.setDefault')}
          </button>
        )}
        {!role.current && (
          <button type="button" className="shop-button shop-button--small shop-button--primary" disabled={busy} onClick={onSwitch} data-testid="switch-role">
            {t('role.switch')}
          </button>
        )}
      </div>
    </li>
  );
}
