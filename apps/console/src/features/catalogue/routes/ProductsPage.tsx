import type { HTMLAttributes } from 'react';
import { Alert, Button, Card, Image, Input, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Permission } from '@shop/contract/console/access';
import type { ProductView } from '@shop/contract/console/catalogue';
import { Can } from '../../../shared/auth/Can';
import { useCan } from '../../../shared/auth/use-me';
import { useShowError } from '../../../shared/ui/errors';
import { formatDateTime, formatMoney } from '../../../shared/ui/format';
import { useGames } from '../api/games';
import { useProducts, type ProductFilter } from '../api/products';
import { useUpdateProduct } from '../api/update-product';
import { CompletenessTag } from '../components/CompletenessTag';
import { GameSelect } from '../components/GameSelect';
import { GOODS_TYPE_COLOR, GOODS_TYPE_OPTIONS } from '../components/goods';

const numberParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** Products by game, type, on/off and text, a page at a time (filters in the URL); switch one on or off in place. */
export default function ProductsPage() {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const canWrite = useCan(Permission.CATALOGUE_WRITE);
  const showError = useShowError();
  const games = useGames();
  const update = useUpdateProduct();
  const status = params.get('status');
  const filter: ProductFilter = {
    appId: numberParam(params.get('appId')),
    goodsType: numberParam(params.get('goodsType')),
    status: status === 'on' || status === 'off' ? status : undefined,
    text: params.get('text') || undefined,
    page: numberParam(params.get('page')) ?? 1,
    pageSize: numberParam(params.get('pageSize')) ?? 20,
  };
  const products = useProducts(filter);
  const setFilter = (changes: Partial<Record<keyof ProductFilter, string | number | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const gameName = (appId: number) => games.data?.find((game) => game.appId === appId)?.name ?? String(appId);

  const columns = [
    { title: t('field.id'), dataIndex: 'id', key: 'id', width: 80 },
    {
      title: '',
      key: 'thumb',
      width: 56,
      render: (_: unknown, row: ProductView) => <Image src={row.thumbnail} width={40} height={40} preview={false} style={{ objectFit: 'contain' }} />,
    },
    {
      title: t('field.name'),
      key: 'name',
      render: (_: unknown, row: ProductView) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{row.names.en ?? '—'}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.productSn}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('field.game'), key: 'game', render: (_: unknown, row: ProductView) => gameName(row.appId) },
    { title: t('field.type'), key: 'type', render: (_: unknown, row: ProductView) => <Tag color={GOODS_TYPE_COLOR[row.goodsType]}>{t(`type.${row.goodsType}`)}</Tag> },
    {
      title: t('field.price'),
      key: 'price',
      align: 'right' as const,
      width: 130,
      render: (_: unknown, row: ProductView) => (
        <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          <span data-testid={`product-price-${row.id}`}>{formatMoney(row.discountPriceMinor, row.currency)}</span>
          {row.discountPriceMinor < row.priceMinor && (
            <Typography.Text delete type="secondary" style={{ fontSize: 12 }}>
              {formatMoney(row.priceMinor, row.currency)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('field.contents'),
      key: 'contents',
      render: (_: unknown, row: ProductView) => {
        const config = row.config as { diamond?: number; vipDays?: number };
        return (
          <Space size={4} wrap>
            {row.voucherAmount > 0 && <Tag>{t('product.vouchers', { count: row.voucherAmount })}</Tag>}
            {config.diamond && <Tag>{t('product.diamonds', { count: config.diamond })}</Tag>}
            {config.vipDays && <Tag>{t('product.vipDays', { count: config.vipDays })}</Tag>}
            {row.claimLimit !== null && <Tag>{t('product.claims', { claimed: row.claimed, limit: row.claimLimit })}</Tag>}
          </Space>
        );
      },
    },
    { title: t('languages.title'), key: 'languages', render: (_: unknown, row: ProductView) => <CompletenessTag missingNames={row.missingNames} missingDescs={row.missingDescs} /> },
    {
      title: t('field.onSale'),
      key: 'on',
      render: (_: unknown, row: ProductView) => {
        if (row.excluded)
          return (
            <Tooltip title={t('product.excludedNote')}>
              <Tag color="red" data-testid={`product-excluded-${row.id}`}>
                {t('product.excluded')}
              </Tag>
            </Tooltip>
          );
        const window = row.saleStartsAt || row.saleEndsAt ? `${formatDateTime(row.saleStartsAt)} – ${formatDateTime(row.saleEndsAt)}` : null;
        return (
          <Space size={4}>
            <Switch
              size="small"
              checked={!row.hidden}
              disabled={!canWrite}
              loading={update.isPending && update.variables?.id === row.id}
              onChange={(on) => update.mutate({ id: row.id, body: { hidden: !on } }, { onError: showError })}
              data-testid={`product-switch-${row.id}`}
            />
            {window && (
              <Tooltip title={window}>
                <Tag color={row.onSale ? 'green' : 'default'}>{row.onSale ? t('product.inWindow') : t('product.outOfWindow')}</Tag>
              </Tooltip>
            )}
          </Space>
        );
      },
    },
    {
      title: '',
      key: 'actions',
      width: 80,
      render: (_: unknown, row: ProductView) => (
        <Button size="small" onClick={() => void navigate(`/catalogue/products/${row.id}`)} data-testid={`product-edit-${row.id}`}>
          {canWrite ? t('action.edit') : t('action.view')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={t('products.title')}
      extra={
        <Can permission={Permission.CATALOGUE_WRITE}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(`/catalogue/products/new${filter.appId ? `?appId=${filter.appId}` : ''}${filter.goodsType ? `${filter.appId ? '&' : '?'}goodsType=${filter.goodsType}` : ''}`)}
            data-testid="product-new"
          >
            {t('products.new')}
          </Button>
        </Can>
      }
    >
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
