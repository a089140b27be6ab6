import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProductPricesView } from '@shop/contract/console/pricing';
import { Money } from './Money';

/** The product whose prices are shown: its number, name, base price (what a country without a price pays) and the drift. */
export function ProductSummary({ prices }: { prices: ProductPricesView }) {
  const { t } = useTranslation('pricing');
  const { product } = prices;
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} data-testid="prices-product-summary">
      <Descriptions.Item label={t('field.product')}>{`${product.id} · ${product.name}`}</Descriptions.Item>
      <Descriptions.Item label={t('field.productSn')}>{product.productSn}</Descriptions.Item>
      <Descriptions.Item label={t('prices.basePrice')}>
        <Money currency={product.currency} priceMinor={product.priceMinor} discountPriceMinor={product.discountPriceMinor} />
      </Descriptions.Item>
      <Descriptions.Item label={t('prices.driftSetting')}>{`${prices.driftPercent}%`}</Descriptions.Item>
    </Descriptions>
  );
}
