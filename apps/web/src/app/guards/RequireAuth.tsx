import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathReturningTo } from '../../shared/auth/login-return';
import { readToken } from '../../shared/storage/token';

/**
 * Login-required screens: a guest (no saved token) goes to /login?redirect=<this screen>, which brings him back here. An
 * expired token is left to the API client, which shows the expired-session dialog on the first protected call (spec
 * section 4, "Auth flow").
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!readToken()) return <Navigate to={loginPathReturningTo(location.pathname + location.search)} replace />;
  return children;
}
