import { lazyRoute } from './lazy-route';

// Each screen is its own chunk.
export const LoginPage = lazyRoute(() => import('../features/auth/routes/LoginPage'));
export const RegisterPage = lazyRoute(() => import('../features/auth/routes/RegisterPage'));
export const ForgetPasswordPage = lazyRoute(() => import('../features/auth/routes/ForgetPasswordPage'));
export const NotFoundPage = lazyRoute(() => import('./routes/NotFoundPage'));
export const VoucherPage = lazyRoute(() => import('../features/voucher/routes/VoucherPage'));
export const VoucherInstructionsPage = lazyRoute(() => import('../features/voucher/routes/VoucherInstructionsPage'));
export const OrderHistoryPage = lazyRoute(() => import('../features/orders/routes/OrderHistoryPage'));
export const PaymentReturnPage = lazyRoute(() => import('../features/payment/routes/PaymentReturnPage'));
export const PaymentCancelPage = lazyRoute(() => import('../features/payment/routes/PaymentCancelPage'));
export const PayIframePage = lazyRoute(() => import('../features/payment/routes/PayIframePage'));
export const PurchaseOrderPage = lazyRoute(() => import('../features/payment/routes/PurchaseOrderPage'));

const PRELOAD: Record<string, { preload: () => Promise<unknown> }> = {
  '/login': LoginPage,
  '/login/registeraccount': RegisterPage,
  '/login/forgetpassword': ForgetPasswordPage,
  '/voucher': VoucherPage,
  '/voucher/orderhistory': OrderHistoryPage,
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
  '/voucher': [OrderHistoryPage, VoucherInstructionsPage],
  '/voucher/orderhistory': [VoucherPage, PurchaseOrderPage],
  '/payment/return': [VoucherPage, OrderHistoryPage],
  '/payment/cancel': [VoucherPage, OrderHistoryPage],
};

export function prefetchNextRoutes(pathname: string): void {
  for (const route of NEXT[key(pathname)] ?? []) void route.preload().catch(() => undefined);
}
