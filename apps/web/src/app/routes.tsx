import { lazyRoute } from './lazy-route';

// Each screen is its own chunk.
export const LoginPage = lazyRoute(() => import('../features/auth/routes/LoginPage'));
export const RegisterPage = lazyRoute(() => import('../features/auth/routes/RegisterPage'));
export const ForgetPasswordPage = lazyRoute(() => import('../features/auth/routes/ForgetPasswordPage'));
export const DynamicTokenHelpPage = lazyRoute(() => import('../features/auth/routes/DynamicTokenHelpPage'));
export const MyPage = lazyRoute(() => import('../features/account/routes/MyPage'));
export const PersonalCenterPage = lazyRoute(() => import('../features/account/routes/PersonalCenterPage'));
export const ChangePasswordPage = lazyRoute(() => import('../features/account/routes/ChangePasswordPage'));
export const ChangePhonePage = lazyRoute(() => import('../features/account/routes/ChangePhonePage'));
export const ChangeEmailPage = lazyRoute(() => import('../features/account/routes/ChangeEmailPage'));
export const BindPhonePage = lazyRoute(() => import('../features/account/routes/BindPhonePage'));
export const BindEmailPage = lazyRoute(() => import('../features/account/routes/BindEmailPage'));
// issue 4: the shop (main screens share MainLayout: contact bar and bottom tab bar)
export const MainLayout = lazyRoute(() => import('./layout/MainLayout'));
export const HomePage = lazyRoute(() => import('../features/shop/routes/HomePage'));
export const GoodsDetailPage = lazyRoute(() => import('../features/shop/routes/GoodsDetailPage'));
export const FreeGiftDetailPage = lazyRoute(() => import('../features/shop/routes/FreeGiftDetailPage'));
export const RolePage = lazyRoute(() => import('../features/roles/routes/RolePage'));
export const ShoppingCartPage = lazyRoute(() => import('../features/cart/routes/ShoppingCartPage'));
export const SettlementPage = lazyRoute(() => import('../features/checkout/routes/SettlementPage'));
export const PurchaseResultPage = lazyRoute(() => import('../features/checkout/routes/PurchaseResultPage'));
export const MyOrderPage = lazyRoute(() => import('../features/my-orders/routes/MyOrderPage'));
export const NotFoundPage = lazyRoute(() => import('./routes/NotFoundPage'));
export const VoucherPage = lazyRoute(() => import('../features/voucher/routes/VoucherPage'));
export const VoucherInstructionsPage = lazyRoute(() => import('../features/voucher/routes/VoucherInstructionsPage'));
export const VoucherHistoryPage = lazyRoute(() => import('../features/voucher/routes/VoucherHistoryPage'));
export const OrderHistoryPage = lazyRoute(() => import('../features/orders/routes/OrderHistoryPage'));
export const PaymentReturnPage = lazyRoute(() => import('../features/payment/routes/PaymentReturnPage'));
export const PaymentCancelPage = lazyRoute(() => import('../features/payment/routes/PaymentCancelPage'));
export const PayIframePage = lazyRoute(() => import('../features/payment/routes/PayIframePage'));
export const PurchaseOrderPage = lazyRoute(() => import('../features/payment/routes/PurchaseOrderPage'));

const PRELOAD: Record<string, { preload: () => Promise<unknown> }> = {
  '/login': LoginPage,
  '/login/registeraccount': RegisterPage,
  '/login/forgetpassword': ForgetPasswordPage,
  '/login/dynamictokenhelp': DynamicTokenHelpPage,
  '/my': { preload: () => Promise.all([MainLayout.preload(), MyPage.preload()]) },
  '/my/personalcenter': PersonalCenterPage,
  '/my/changepassword': ChangePasswordPage,
  '/my/changephone': ChangePhonePage,
  '/my/changeemail': ChangeEmailPage,
  '/my/bindphone': BindPhonePage,
  '/my/bindemail': BindEmailPage,
  '/home': { preload: () => Promise.all([MainLayout.preload(), HomePage.preload()]) },
  '/home/goodsdetail': GoodsDetailPage,
  '/home/freegiftdetail': FreeGiftDetailPage,
  '/role': { preload: () => Promise.all([MainLayout.preload(), RolePage.preload()]) },
  '/shoppingcart': { preload: () => Promise.all([MainLayout.preload(), ShoppingCartPage.preload()]) },
  '/settlement': SettlementPage,
  '/purchaseresult': PurchaseResultPage,
  '/myorder': MyOrderPage,
  '/voucher': VoucherPage,
  '/voucher/orderhistory': OrderHistoryPage,
  '/voucher/history': VoucherHistoryPage,
  '/voucher-instructions': VoucherInstructionsPage,
  '/payment/return': PaymentReturnPage,
  '/payment/cancel': PaymentCancelPage,
  '/pay': PayIframePage,
  '/purchaseorder': PurchaseOrderPage,
};

const key = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase() || '/';

/** Starts downloading the current screen's chunk while the language loads, so the two happen in parallel. */
export function preloadRoute(pathname: string): Promise<unknown> {
  return PRELOAD[key(pathname)]?.preload().catch(() => undefined) ?? Promise.resolve();
}

/** Where players usually go next: fetched once the page is idle, so those screens open without a wait. */
const NEXT: Record<string, { preload: () => Promise<unknown> }[]> = {
  '/login': [RegisterPage, ForgetPasswordPage],
  '/my': [PersonalCenterPage],
  '/my/personalcenter': [ChangePasswordPage, ChangePhonePage, ChangeEmailPage],
  '/home': [GoodsDetailPage, FreeGiftDetailPage, RolePage],
  '/home/goodsdetail': [SettlementPage],
  '/settlement': [PurchaseResultPage],
  '/purchaseresult': [MyOrderPage, HomePage],
  '/voucher': [OrderHistoryPage, VoucherInstructionsPage, VoucherHistoryPage],
  '/voucher/orderhistory': [VoucherPage, PurchaseOrderPage],
  '/payment/return': [VoucherPage, OrderHistoryPage],
  '/payment/cancel': [VoucherPage, OrderHistoryPage],
};

export function prefetchNextRoutes(pathname: string): void {
  for (const route of NEXT[key(pathname)] ?? []) void route.preload().catch(() => undefined);
}
