import { useState } from 'react';
import { Button, Card, Select, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRICE_POINTS_CSV_COLUMNS } from '@shop/contract/console/pricing';
import { useShowError } from '../../../shared/ui/errors';
import { useExportPrices } from '../api/export-prices';
import { useGames } from '../api/games';

/** Saves every price point, of all games or one, as the CSV the import takes back. */
export function PricesExport() {
  const { t } = useTranslation('pricing');
  const showError = useShowError();
  const games = useGames();
  const exporter = useExportPrices();
  const [appId, setAppId] = useState<number | undefined>();
  return (
    <Card title={t('transfer.exportTitle')}>
      <p style={{ marginTop: 0 }}>{t('transfer.exportHint', { columns: PRICE_POINTS_CSV_COLUMNS.join(', ') })}</p>
      <Space wrap>
        <Select<number>
          value={appId}
          onChange={(value) => setAppId(value ?? undefined)}
          allowClear
          placeholder={t('transfer.allGames')}
          style={{ width: 240 }}
          data-testid="prices-export-game"
          options={(games.data ?? []).map((game) => ({ value: game.appId, label: `${game.name} (${game.appId})` }))}
        />
        <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={() => exporter.mutate(appId, { onError: showError })} data-testid="prices-export">
          {t('transfer.export')}
        </Button>
      </Space>
    </Card>
  );
}
