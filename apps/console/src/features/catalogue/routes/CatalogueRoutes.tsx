import { Navigate, Route, Routes } from 'react-router';
import { CatalogueNav } from '../components/CatalogueNav';
import ChannelsPage from './ChannelsPage';
import GamesPage from './GamesPage';
import ProductEditPage from './ProductEditPage';
import ProductsPage from './ProductsPage';
import TransferPage from './TransferPage';

/**
 * /console/catalogue: products (list and editor), games and their servers, payment channels per game and region, and
 * the catalogue's export and import.
 */
export default function CatalogueRoutes() {
  return (
    <>
      <CatalogueNav />
      <Routes>
        <Route index element={<Navigate to="products" replace />} />
        <Route path="products" element={<ProductsPage />} />
        <Route path="products/new" element={<ProductEditPage />} />
        <Route path="products/:id" element={<ProductEditPage />} />
        <Route path="games" element={<GamesPage />} />
        <Route path="channels" element={<ChannelsPage />} />
        <Route path="transfer" element={<TransferPage />} />
        <Route path="*" element={<Navigate to="products" replace />} />
      </Routes>
    </>
  );
}
