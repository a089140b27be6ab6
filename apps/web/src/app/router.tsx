import { Navigate, Route, Routes } from 'react-router';
import { RequireAuth } from './guards/RequireAuth';
import {
  ForgetPasswordPage,
  LoginPage,
  NotFoundPage,
  OrderHistoryPage,
  PayIframePage,
  PaymentCancelPage,
  PaymentReturnPage,
  PurchaseOrderPage,
  RegisterPage,
  VoucherInstructionsPage,
  VoucherPage,
} from './routes';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/login" replace />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/login/registerAccount" element={<RegisterPage />} />
      <Route path="/login/forgetPassword" element={<ForgetPasswordPage />} />
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
