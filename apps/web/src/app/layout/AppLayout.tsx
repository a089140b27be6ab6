import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { GlobalSpinner } from '../../shared/ui/GlobalSpinner';
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
