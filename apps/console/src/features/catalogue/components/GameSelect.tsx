import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGames } from '../api/games';

interface GameSelectProps {
  value: number | undefined;
  onChange: (appId: number | undefined) => void;
  allowClear?: boolean;
  testId?: string;
  width?: number;
  disabled?: boolean;
}

/** A game picker ("Breaking Dead (10030)"). */
export function GameSelect({ value, onChange, allowClear, testId, width = 240, disabled }: GameSelectProps) {
  const { t } = useTranslation('catalogue');
  const games = useGames();
  return (
    <Select<number>
      value={value}
      onChange={(appId) => onChange(appId ?? undefined)}
      allowClear={allowClear}
      disabled={disabled}
      loading={games.isLoading}
      placeholder={t('field.game')}
      style={{ width }}
      data-testid={testId}
      options={(games.data ?? []).map((game) => ({ value: game.appId, label: `${game.name} (${game.appId})` }))}
    />
  );
}
