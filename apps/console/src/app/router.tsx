import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Spin } from 'antd';
import { ConsoleLayout } from './ConsoleLayout';
import { RequireSession } from './RequireSession';

// Each area is its own chunk, loaded when first opened; each owns its sub-routes.
const LoginPage = lazy(() => import('../features/access/routes/LoginPage'));
const EnrolPage = lazy(() => import('../features/access/routes/EnrolPage'));
const AccountPage = lazy(() => import('../features/access/routes/AccountPage'));
const OperatorsPage = lazy(() => import('../features/operators/routes/OperatorsPage'));
const AuditPage = lazy(() => import('../features/audit/routes/AuditPage'));
const CatalogueRoutes = lazy(() => import('../features/catalogue/routes/CatalogueRoutes'));
const OrdersRoutes = lazy(() => import('../features/orders/routes/OrdersRoutes'));
const PlayersRoutes = lazy(() => import('../features/players/routes/PlayersRoutes'));
const ReportsRoutes = lazy(() => import('../features/reports/routes/ReportsRoutes'));
const PricingRoutes = lazy(() => import('../features/pricing/routes/PricingRoutes'));

const page = (element: ReactNode) => <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>{element}</Suspense>;

export const router = createBrowserRouter(
  [
    { path: '/login', element: page(<LoginPage />) },
    { path: '/enrol', element: page(<EnrolPage />) },
    {
      element: (
        <RequireSession>
          <ConsoleLayout />
        </RequireSession>
      ),
      children: [
        { index: true, element: <Navigate to="/orders" replace /> },
        { path: 'orders/*', element: page(<OrdersRoutes />) },
        { path: 'players/*', element: page(<PlayersRoutes />) },
        { path: 'catalogue/*', element: page(<CatalogueRoutes />) },
        { path: 'pricing/*', element: page(<PricingRoutes />) },
        { path: 'reports/*', element: page(<ReportsRoutes />) },
        { path: 'operators', element: page(<OperatorsPage />) },
        { path: 'audit', element: page(<AuditPage />) },
        { path: 'account', element: page(<AccountPage />) },
        { path: '*', element: <Navigate to="/orders" replace /> },
      ],
    },
  ],
  { basename: '/console' },
);
