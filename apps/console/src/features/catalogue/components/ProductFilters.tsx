import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProductFilter } from '../api/products';
import { GameSelect } from './GameSelect';
import { GOODS_TYPE_OPTIONS } from '../lib/goods';

interface Props {
  filter: ProductFilter;
  /** A change of filters (the list starts again at its first page). */
  setFilter: (changes: Partial<Record<keyof ProductFilter, string | number | undefined>>) => void;
}

/** The product list's filters: game, type, on or off sale, and a text in the names or the product number. */
export function ProductFilters({ filter, setFilter }: Props) {
  const { t } = useTranslation('catalogue');
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <GameSelect value={filter.appId} onChange={(appId) => setFilter({ appId })} allowClear testId="products-filter-game" />
      <Select<number>
        value={filter.goodsType}
        onChange={(goodsType) => setFilter({ goodsType })}
        allowClear
        placeholder={t('field.type')}
        style={{ width: 180 }}
        data-testid="products-filter-type"
        options={GOODS_TYPE_OPTIONS.map((type) => ({ value: type, label: t(`type.${type}`) }))}
      />
      <Select<'on' | 'off'>
        value={filter.status}
        onChange={(value) => setFilter({ status: value })}
        allowClear
        placeholder={t('field.onSale')}
        style={{ width: 140 }}
        data-testid="products-filter-status"
        options={[
          { value: 'on', label: t('products.on') },
          { value: 'off', label: t('products.off') },
        ]}
      />
      <Input.Search
        defaultValue={filter.text}
        allowClear
        placeholder={t('products.search')}
        onSearch={(text) => setFilter({ text: text.trim() || undefined })}
        style={{ width: 280 }}
        maxLength={100}
        data-testid="products-filter-text"
      />
    </Space>
  );
}
