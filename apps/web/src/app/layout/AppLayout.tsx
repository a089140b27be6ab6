import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from '../../shared/analytics/analytics';
import { GlobalSpinner } from '../../shared/ui/GlobalSpinner';
import { installUpdateCheck } from '../update/update-dialog';
import { AppRoutes } from '../router';
import { NavigationBridge } from './NavigationBridge';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function ScreenFallback() {
  return (
    <div className="shop-spinner shop-spinner--page" aria-hidden="true">
      <span className="shop-spinner__wheel" />
    </div>
  );
}

export function AppLayout() {
  const { pathname } = useLocation();
  // page views (production only) after the screen has set its title; the 60 s version check for the update dialog
  useEffect(() => trackPageView(pathname), [pathname]);
  useEffect(() => installUpdateCheck(), []);
  return (
    <div className="shop-app">
      <NavigationBridge />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<ScreenFallback />}>
          <AppRoutes />
        </Suspense>
      </RouteErrorBoundary>
      <GlobalSpinner />
    </div>
  );
}
