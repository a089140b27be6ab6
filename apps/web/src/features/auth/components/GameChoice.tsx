import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppId } from '@shop/contract/games';
import { GAMES } from '../../../shared/lib/games';

/** Which game the player logs in for: it decides the login methods (a player arriving without ?appId= can pick it here). */
export function GameChoice({ value, onChange }: { value: AppId; onChange: (appId: AppId) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="auth-games" data-testid="game-choice">
      <legend className="auth-games__legend">{t('auth.game')}</legend>
      {GAMES.map((game) => (
        <label key={game.appId} className={`auth-games__option${game.appId === value ? ' auth-games__option--active' : ''}`}>
          <input
            type="radio"
            name={name}
            value={game.appId}
            checked={game.appId === value}
            data-testid={`game-${game.appId}`}
            onChange={() => onChange(game.appId)}
          />
          <span>{game.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
