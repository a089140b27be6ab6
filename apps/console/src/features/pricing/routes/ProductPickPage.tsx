import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProductPicker } from '../components/ProductPicker';

/** /pricing/products: pick a game and a product to see and edit its prices per country. */
export default function ProductPickPage() {
  const { t } = useTranslation('pricing');
  return (
    <Card title={t('prices.title')}>
      <p style={{ marginTop: 0 }}>{t('prices.pickHint')}</p>
      <ProductPicker />
    </Card>
  );
}
