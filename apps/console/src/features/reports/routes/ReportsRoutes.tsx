import { lazy, Suspense } from 'react';
import { Spin, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Permission } from '@shop/contract/console/access';
import { RequirePermission } from '../../../shared/auth/RequirePermission';

const DashboardPage = lazy(() => import('./DashboardPage'));
const SalesReportPage = lazy(() => import('./SalesReportPage'));
const RefundsReportPage = lazy(() => import('./RefundsReportPage'));

/** /console/reports/*: the publisher's dashboard, the sales report (with its chart and CSV) and the refunds report, for roles that may read reports. */
export default function ReportsRoutes() {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const location = useLocation();
  const tab = location.pathname.includes('/reports/refunds') ? 'refunds' : location.pathname.includes('/reports/dashboard') ? 'dashboard' : 'sales';
  return (
    <RequirePermission permission={Permission.REPORTS_READ} title={t('title')}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(`/reports/${key}`)}
        items={[
          { key: 'dashboard', label: <span data-testid="reports-tab-dashboard">{t('tabs.dashboard')}</span> },
          { key: 'sales', label: <span data-testid="reports-tab-sales">{t('tabs.sales')}</span> },
          { key: 'refunds', label: <span data-testid="reports-tab-refunds">{t('tabs.refunds')}</span> },
        ]}
      />
      <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
        <Routes>
          <Route index element={<Navigate to="/reports/sales" replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="sales" element={<SalesReportPage />} />
          <Route path="refunds" element={<RefundsReportPage />} />
          <Route path="*" element={<Navigate to="/reports/sales" replace />} />
        </Routes>
      </Suspense>
    </RequirePermission>
  );
}
