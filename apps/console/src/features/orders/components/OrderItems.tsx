import { Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleOrderDetail } from '@shop/contract/console/orders';
import { formatMoney } from '../../../shared/ui/format';

type Detail = ConsoleOrderDetail;

/** The order's lines: product (and the name the player read), type, quantity, prices and vouchers. */
export function OrderItems({ detail }: { detail: Detail }) {
  const { t } = useTranslation('orders');
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={detail.items}
      columns={[
        { title: t('item.product'), key: 'product', render: (_: unknown, item: Detail['items'][number]) => <ItemProduct item={item} language={detail.order.language} /> },
        { title: t('item.type'), key: 'type', render: (_: unknown, item: Detail['items'][number]) => t(`goodsType.${item.goodsType}`, { defaultValue: String(item.goodsType) }) },
        { title: t('item.quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right' as const },
        { title: t('item.price'), key: 'price', align: 'right' as const, render: (_: unknown, item: Detail['items'][number]) => formatMoney(item.priceMinor, item.currency) },
        { title: t('item.originalPrice'), key: 'original', align: 'right' as const, render: (_: unknown, item: Detail['items'][number]) => formatMoney(item.originalPriceMinor, item.currency) },
        { title: t('item.vouchers'), dataIndex: 'voucherAmount', key: 'vouchers', align: 'right' as const },
      ]}
    />
  );
}

/** The product's English name with its id and the version sold; the name the player read when it differs (another language, or renamed since). */
function ItemProduct({ item, language }: { item: Detail['items'][number]; language: string }) {
  const { t } = useTranslation('orders');
  return (
    <Space orientation="vertical" size={0}>
      <span>{t('item.productRef', { name: item.name, id: item.productId, version: item.productVersion })}</span>
      {item.orderedName !== item.name && (
        <Typography.Text type="secondary" data-testid="item-ordered-name">
          {t('item.orderedAs', { name: item.orderedName, language })}
        </Typography.Text>
      )}
    </Space>
  );
}
