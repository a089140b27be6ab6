import { Button, Image, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Permission } from '@shop/contract/console/access';
import type { ProductView } from '@shop/contract/console/catalogue';
import { useCan } from '../../../shared/auth/use-me';
import { formatMoney } from '../../../shared/ui/format';
import { useGames } from '../api/games';
import { CompletenessTag } from './CompletenessTag';
import { GOODS_TYPE_COLOR } from '../lib/goods';
import { ProductOnSale } from './ProductOnSale';

/** The product list's columns: id, picture, name and number, game, type, price, contents, languages, on sale, edit. */
export function useProductColumns(): ColumnsType<ProductView> {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const canWrite = useCan(Permission.CATALOGUE_WRITE);
  const games = useGames();
  const gameName = (appId: number) => games.data?.find((game) => game.appId === appId)?.name ?? String(appId);
  return [
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
    { title: t('field.onSale'), key: 'on', render: (_: unknown, row: ProductView) => <ProductOnSale product={row} /> },
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
}
