import type { HTMLAttributes } from 'react';
import { Alert, Button, Card, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Permission } from '@shop/contract/console/access';
import type { ProductView } from '@shop/contract/console/catalogue';
import { Can } from '../../../shared/auth/Can';
import { withChanges } from '../../../shared/lib/search-params';
import { useProducts, type ProductFilter } from '../api/products';
import { ProductFilters } from '../components/ProductFilters';
import { useProductColumns } from '../components/product-columns';
import { newProductPath, productFilterOf } from '../lib/product-filter';

/** Products by game, type, on/off and text, a page at a time (filters in the URL); switch one on or off in place. */
export default function ProductsPage() {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filter = productFilterOf(params);
  const products = useProducts(filter);
  const columns = useProductColumns();
  const setFilter = (changes: Partial<Record<keyof ProductFilter, string | number | undefined>>) => {
    const next = withChanges(params, changes);
    // another filter shows its first page
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  return (
    <Card
      title={t('products.title')}
      extra={
        <Can permission={Permission.CATALOGUE_WRITE}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(newProductPath(filter))} data-testid="product-new">
            {t('products.new')}
          </Button>
        </Can>
      }
    >
      <ProductFilters filter={filter} setFilter={setFilter} />
      {products.isError && <Alert type="error" showIcon title={products.error.message} style={{ marginBottom: 16 }} />}
      <Table<ProductView>
        rowKey="id"
        size="middle"
        loading={products.isFetching}
        dataSource={products.data?.items ?? []}
        columns={columns}
        onRow={(row) => ({ 'data-testid': `product-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: filter.page,
          pageSize: filter.pageSize,
          total: products.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, 200],
          showTotal: (total) => t('products.total', { count: total }),
          onChange: (page, pageSize) => setFilter({ page, pageSize }),
        }}
      />
    </Card>
  );
}
