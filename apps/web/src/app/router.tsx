import { Navigate, Route, Routes } from 'react-router';
import { RequireAuth } from './guards/RequireAuth';
import {
  BindEmailPage,
  BindPhonePage,
  ChangeEmailPage,
  ChangePasswordPage,
  ChangePhonePage,
  DynamicTokenHelpPage,
  ForgetPasswordPage,
  FreeGiftDetailPage,
  GoodsDetailPage,
  HomePage,
  MainLayout,
  MyOrderPage,
  PurchaseResultPage,
  RolePage,
  SettlementPage,
  ShoppingCartPage,
  MyPage,
  PersonalCenterPage,
  LoginPage,
  NotFoundPage,
  OrderHistoryPage,
  PayIframePage,
  PaymentCancelPage,
  PaymentReturnPage,
  PurchaseOrderPage,
  RegisterPage,
  VoucherHistoryPage,
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
      <Route path="/login/dynamicTokenHelp" element={<DynamicTokenHelpPage />} />
      <Route path="/voucher" element={<VoucherPage />} />
      <Route path="/voucher/OrderHistory" element={<OrderHistoryPage />} />
      <Route path="/voucher/history" element={<VoucherHistoryPage />} />
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
      <Route path="/my/personalCenter" element={<RequireAuth><PersonalCenterPage /></RequireAuth>} />
      <Route path="/my/changePassword" element={<RequireAuth><ChangePasswordPage /></RequireAuth>} />
      <Route path="/my/changePhone" element={<RequireAuth><ChangePhonePage /></RequireAuth>} />
      <Route path="/my/changeEmail" element={<RequireAuth><ChangeEmailPage /></RequireAuth>} />
      <Route path="/my/bindPhone" element={<RequireAuth><BindPhonePage /></RequireAuth>} />
      <Route path="/my/bindEmail" element={<RequireAuth><BindEmailPage /></RequireAuth>} />
      <Route
        element={
          <RequireAuth>
            <MainLayout />
          </RequireAuth>
        }
      >
        <Route path="/home" element={<HomePage />} />
        <Route path="/role" element={<RolePage />} />
        <Route path="/shoppingCart" element={<ShoppingCartPage />} />
        <Route path="/my" element={<MyPage />} />
      </Route>
      <Route path="/home/goodsDetail" element={<RequireAuth><GoodsDetailPage /></RequireAuth>} />
      <Route path="/home/freeGiftDetail" element={<RequireAuth><FreeGiftDetailPage /></RequireAuth>} />
      <Route path="/settlement" element={<RequireAuth><SettlementPage /></RequireAuth>} />
      <Route path="/purchaseResult" element={<RequireAuth><PurchaseResultPage /></RequireAuth>} />
      <Route path="/myOrder" element={<RequireAuth><MyOrderPage /></RequireAuth>} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
