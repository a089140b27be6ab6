import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { GameServerRole } from '@shop/contract/roles';
import { useLanguage } from '../../../shared/i18n/useLanguage';
import { GAMES } from '../../../shared/lib/games';
import { pickCurrentRole } from '../../../shared/roles/current-role';
import { shopAppId } from '../../../shared/roles/bound-roles';
import { useBoundRoles } from '../../../shared/roles/get-bound-roles';
import { showToast } from '../../../shared/ui/toast';
import { bindRole, lookupRoles, setDefaultRole, switchRole } from '../api/roles-api';
import { RoleCard } from '../components/RoleCard';
import { bindFormResolver, type BindFormInput, type BindFormValues } from '../lib/bind-form';
import './roles.css';

/**
 * Account (spec: account switching and new account binding): the bound game accounts with their labels and default
 * flag; switch and set default; bind a new one by game ID, choosing among its roles (name, level) when it has several.
 */
export default function RolePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const formId = useId();
  const roles = useBoundRoles(language);
  const [busyId, setBusyId] = useState<number | null>(null);
  // the bind form's game: the one picked, else the current account's
  const [pickedApp, setAppId] = useState<number | null>(null);
  const form = useForm<BindFormInput, unknown, BindFormValues>({ resolver: bindFormResolver, defaultValues: { gameId: '' } });
  const [found, setFound] = useState<GameServerRole[] | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [makeDefault, setMakeDefault] = useState(false);
  const [binding, setBinding] = useState(false);

  useEffect(() => {
    document.title = t('role.title');
  }, [t]);
  const appId = pickedApp ?? shopAppId(pickCurrentRole(roles.data));

  async function act(id: number, action: () => Promise<unknown>, done: string) {
    setBusyId(id);
    try {
      await action();
      showToast(done);
    } catch {
      // the API client has told the player
    } finally {
      setBusyId(null);
    }
  }

  /** The game ID passed the form's check (../lib/bind-form.ts); a refusal of the server is shown by the API client. */
  async function lookUp({ gameId: id }: BindFormValues) {
    setBinding(true);
    setFound(null);
    setPicked(null);
    try {
      const list = await lookupRoles(appId, id);
      const free = list.filter((role) => !role.boundByMe);
      if (list.length > 0 && free.length === 0) showToast(t('role.alreadyBound'));
      setFound(list);
      if (free.length === 1) setPicked(keyOf(free[0]!));
    } catch {
      // unknown game ID or the other game's: the server's message was shown
    } finally {
      setBinding(false);
    }
  }

  async function bind() {
    const role = found?.find((item) => keyOf(item) === picked);
    if (!role) {
      showToast(t('role.selectToContinue'));
      return;
    }
    setBinding(true);
    try {
      await bindRole({ appId: role.appId, gameId: role.gameId, roleId: role.roleId, serverId: role.serverId, setDefault: makeDefault });
      showToast(t('role.bound'));
      setFound(null);
      setPicked(null);
      form.reset();
      setMakeDefault(false);
    } catch {
      // already bound, or bound to someone else: the server's message was shown
    } finally {
      setBinding(false);
    }
  }

  const list = roles.data ?? [];
  return (
    <div className="rl">
      <header className="rl-header">
        <h1 className="rl-header__title">{t('role.title')}</h1>
      </header>
      <main className="rl-main">
        <section aria-labelledby="rl-bound">
          <h2 id="rl-bound" className="rl-section">
            {t('role.boundTitle')}
          </h2>
          {roles.data && list.length === 0 && <p className="shop-muted" data-testid="no-roles">{t('role.none')}</p>}
          <ul className="rl-list">
            {list.map((role) => (
              <RoleCard
                key={role.id}
                role={role}
                busy={busyId !== null}
                onSetDefault={() => void act(role.id, () => setDefaultRole(role.id), t('role.defaultSet'))}
                onSwitch={() => void act(role.id, () => switchRole(role.id), t('role.switched'))}
              />
            ))}
          </ul>
        </section>

        <section aria-labelledby="rl-bind" className="rl-bind">
          <h2 id="rl-bind" className="rl-section">
            {t('role.bindTitle')}
          </h2>
          <form
            onSubmit={form.handleSubmit(lookUp, (errors) => showToast(t(errors.gameId?.message ?? 'role.gameIdRequired')))}
            className="rl-form"
            data-testid="bind-form"
          >
            <label htmlFor={`${formId}-game`}>{t('role.game')}</label>
            <select
              id={`${formId}-game`}
              value={appId}
              onChange={(event) => {
                setAppId(Number(event.target.value));
                setFound(null);
              }}
              data-testid="bind-game"
            >
              {GAMES.map((game) => (
                <option key={game.appId} value={game.appId}>
                  {game.name}
                </option>
              ))}
            </select>
            <label htmlFor={`${formId}-id`}>{t('role.gameId')}</label>
            <input
              id={`${formId}-id`}
              {...form.register('gameId')}
              placeholder={t('role.gameIdPlaceholder')}
              autoComplete="off"
              maxLength={64}
              data-testid="bind-game-id"
            />
            <p className="rl-help">{t('role.gameIdHelp')}</p>
            <button type="submit" className="shop-button shop-button--block" disabled={binding} data-testid="lookup">
              {t('role.lookUp')}
            </button>
          </form>

          {found && found.length > 0 && (
            <div className="rl-pick" data-testid="select-account">
              <h3 className="rl-pick__title">{t('role.selectToContinue')}</h3>
              <div role="radiogroup" aria-label={t('role.selectToContinue')} className="rl-pick__list">
                {found.map((role) => (
                  <label
                    key={keyOf(role)}
                    className={`rl-option${picked === keyOf(role) ? ' rl-option--checked' : ''}`}
                    data-testid="found-role"
                    data-role-id={role.roleId}
                  >
                    <input
                      type="radio"
                      name={`${formId}-role`}
                      className="shop-visually-hidden"
                      checked={picked === keyOf(role)}
                      disabled={role.boundByMe}
                      onChange={() => setPicked(keyOf(role))}
                    />
                    <span className="rl-option__name">{role.roleName}</span>
                    <span className="rl-option__meta">
                      {t('role.levelShort', { level: role.level })} · {role.serverName}
                    </span>
                    {role.boundByMe && <span className="rl-tag">{t('role.alreadyBoundTag')}</span>}
                  </label>
                ))}
              </div>
              <label className="rl-check">
                <input type="checkbox" checked={makeDefault} onChange={(event) => setMakeDefault(event.target.checked)} data-testid="bind-default" />
                {t('role.makeDefault')}
              </label>
              <button
                type="button"
                className="shop-button shop-button--primary shop-button--block"
                disabled={binding || !picked}
                onClick={() => void bind()}
                data-testid="bind-role"
              >
                {t('role.bind')}
              </button>
            </div>
          )}
        </section>
      </main>
    </div>
  );
}

const keyOf = (role: GameServerRole) => `${role.serverId}:${role.roleId}`;
