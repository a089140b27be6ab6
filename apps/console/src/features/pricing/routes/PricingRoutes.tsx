import { Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Permission } from '@shop/contract/console/access';
import { RequirePermission } from '../../../shared/auth/RequirePermission';
import { PricingNav } from '../components/PricingNav';
import CountriesPage from './CountriesPage';
import PricesTransferPage from './PricesTransferPage';
import ProductPickPage from './ProductPickPage';
import ProductPricesPage from './ProductPricesPage';
import RatesPage from './RatesPage';

/**
 * /console/pricing (ADR 0050): the country table, the exchange rates and their import, one product's price points per
 * country (reached from here by game and product, or from the product's page in the catalogue), and the prices CSV.
 */
export default function PricingRoutes() {
  const { t } = useTranslation('pricing');
  return (
    <RequirePermission permission={Permission.CATALOGUE_READ} title={t('title')}>
      <PricingNav />
      <Routes>
        <Route index element={<Navigate to="countries" replace />} />
        <Route path="countries" element={<CountriesPage />} />
        <Route path="rates" element={<RatesPage />} />
        <Route path="products" element={<ProductPickPage />} />
        <Route path="products/:productId" element={<ProductPricesPage />} />
        <Route path="transfer" element={<PricesTransferPage />} />
        <Route path="*" element={<Navigate to="countries" replace />} />
      </Routes>
    </RequirePermission>
  );
}
