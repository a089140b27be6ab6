import { useState } from 'react';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGames } from '../api/games';
import { useProductSearch } from '../api/product-search';

/** Picks a game, then one of its products (searched by ID, number or name), and opens the product's prices. */
export function ProductPicker({ appId: shownAppId, productId }: { appId?: number | undefined; productId?: number | undefined }) {
  const { t, i18n } = useTranslation('pricing');
  const navigate = useNavigate();
  const games = useGames();
  const [picked, setPicked] = useState<number | undefined>();
  const [text, setText] = useState('');
  const appId = picked ?? shownAppId ?? games.data?.[0]?.appId;
  const products = useProductSearch(appId, text);
  const nameOf = (names: Record<string, string | null | undefined>) => names[i18n.language] ?? names.en ?? '';
  return (
    <Space wrap>
      <Select<number>
        value={appId}
        onChange={(value) => (setPicked(value), setText(''))}
        loading={games.isLoading}
        placeholder={t('field.game')}
        style={{ width: 240 }}
        data-testid="prices-game"
        options={(games.data ?? []).map((game) => ({ value: game.appId, label: `${game.name} (${game.appId})` }))}
      />
      <Select<number>
        value={products.data?.items.some((product) => product.id === productId) ? productId : undefined}
        onChange={(id) => void navigate(`/pricing/products/${id}`)}
        showSearch={{ filterOption: false, onSearch: setText }}
        loading={products.isFetching}
        placeholder={t('prices.pickProduct')}
        style={{ width: 360 }}
        data-testid="prices-product"
        options={(products.data?.items ?? []).map((product) => ({ value: product.id, label: `${product.id} · ${product.productSn} · ${nameOf(product.names)}` }))}
      />
    </Space>
  );
}
