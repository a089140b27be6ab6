import { Navigate, Route, Routes } from 'react-router';
import OrderDetailPage from './OrderDetailPage';
import OrderSearchPage from './OrderSearchPage';
import QueuesPage from './QueuesPage';

/** The orders area, mounted at /console/orders/*: search, the work queues and an order's page. */
export default function OrdersRoutes() {
  return (
    <Routes>
      <Route index element={<OrderSearchPage />} />
      <Route path="queues" element={<QueuesPage />} />
      <Route path=":id" element={<OrderDetailPage />} />
      <Route path="*" element={<Navigate to="/orders" replace />} />
    </Routes>
  );
}
