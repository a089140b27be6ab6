import { Navigate, Route, Routes } from 'react-router';
import { RequireAuth } from './guards/RequireAuth';
import {
  LoginPlaceholderPage,
  NotFoundPage,
  OrderHistoryPage,
  PayIframePage,
  PaymentCancelPage,
  PaymentReturnPage,
  PurchaseOrderPage,
  VoucherInstructionsPage,
  VoucherPage,
} from './routes';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/login" replace />} />
      <Route path="/login" element={<LoginPlaceholderPage />} />
      <Route path="/voucher" element={<VoucherPage />} />
      <Route path="/voucher/OrderHistory" element={<OrderHistoryPage />} />
      <Route path="/voucher-instructions" element={<VoucherInstructionsPage />} />
      <Route path="/payment/return" element={<PaymentReturnPage />} />
      <Route path="/payment/cancel" element={<PaymentCancelPage />} />
      <Route path="/pay" element={<PayIframePage />} />
      <Route
        path="/purchaseOrder"
        element={
          <RequireAuth>
            <PurchaseOrderPage />
          </RequireAuth>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
