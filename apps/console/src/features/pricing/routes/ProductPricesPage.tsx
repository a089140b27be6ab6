import { useState, type HTMLAttributes } from 'react';
import { Alert, Button, Card, Result, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Permission } from '@shop/contract/console/access';
import type { PricePointView } from '@shop/contract/console/pricing';
import { ApiError } from '../../../shared/api/client';
import { useCan } from '../../../shared/auth/use-me';
import { tableWidth } from '../../../shared/lib/table-width';
import { useCountries } from '../api/countries';
import { useProductPrices } from '../api/product-prices';
import { BulkEditDialog } from '../components/BulkEditDialog';
import { PointActions } from '../components/PointActions';
import { PointFilters } from '../components/PointFilters';
import { PricePreviewPanel } from '../components/PricePreviewPanel';
import { ProductPicker } from '../components/ProductPicker';
import { ProductSummary } from '../components/ProductSummary';
import { usePointColumns } from '../components/point-columns';
import { editRowOf, type EditRow } from '../lib/bulk-edit';
import { filterPoints, type PointFilter } from '../lib/price-points';

/**
 * One product's price point in every country (/pricing/products/:productId): search and flags, bulk edit of the selected
 * countries, reset to computed, recompute the drifted ones, and what a player of a country sees in each channel.
 */
export default function ProductPricesPage() {
  const { t } = useTranslation('pricing');
  const { t: tApp } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan(Permission.CATALOGUE_WRITE);
  const productId = Number(useParams().productId);
  const valid = Number.isSafeInteger(productId) && productId > 0;
  const prices = useProductPrices(valid ? productId : undefined);
  const countries = useCountries();
  const columns = usePointColumns();
  const [filter, setFilter] = useState<PointFilter>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<EditRow[] | null>(null);

  if (!valid || (prices.error instanceof ApiError && prices.error.code === 404)) {
    return <Result status="404" title={t('prices.notFound')} extra={<Button onClick={() => void navigate('/pricing/products')}>{tApp('common.back')}</Button>} />;
  }
  const points = prices.data?.points ?? [];
  const openEditor = () => {
    if (!prices.data) return;
    const taxModels = new Map((countries.data ?? []).map((country) => [country.regionCode, country.taxModel]));
    const base = prices.data.product;
    setEditing(points.filter((point) => selected.includes(point.regionCode)).map((point) => editRowOf(point, base, taxModels.get(point.regionCode))));
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('prices.title')}
        extra={prices.data && <Link to={`/catalogue/products/${productId}`}>{t('prices.toProduct')}</Link>}
      >
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <ProductPicker appId={prices.data?.product.appId} productId={productId} />
          {prices.isError && <Alert type="error" showIcon title={prices.error.message} />}
          {prices.data && <ProductSummary prices={prices.data} />}
          {!canWrite && <Alert type="info" showIcon title={t('readOnly')} />}
          <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <PointFilters filter={filter} setFilter={setFilter} />
            {canWrite && <PointActions productId={productId} points={points} selected={selected} onEdit={openEditor} onDone={() => setSelected([])} />}
          </Space>
          <Table<PricePointView>
            rowKey="regionCode"
            size="small"
            loading={prices.isLoading}
            dataSource={filterPoints(points, filter)}
            columns={columns}
            rowSelection={canWrite ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]), preserveSelectedRowKeys: true } : undefined}
            scroll={{ x: tableWidth(columns) + (canWrite ? 32 : 0) }}
            tableLayout="fixed"
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            onRow={(row) => ({ 'data-testid': `point-row-${row.regionCode}` }) as HTMLAttributes<HTMLElement>}
            data-testid="points-table"
          />
        </Space>
      </Card>
      {prices.data && <PricePreviewPanel key={productId} productId={productId} points={points} initialRegion={selected[0] ?? 'US'} />}
      <BulkEditDialog productId={productId} rows={editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), setSelected([]))} />
    </Space>
  );
}
