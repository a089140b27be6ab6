import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Spin } from 'antd';
import { onSessionEnded } from '../shared/api/client';
import { ME_QUERY_KEY, useMe } from '../shared/auth/use-me';
import { loginPath } from './login-path';

/**
 * Pages behind the login: without a session (or when it ends: logout, inactivity, a role change) the operator goes to
 * /login. The first call of a visit without a session is refused (401) too; that is not a session that ended.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionEnded(() => {
        const hadSession = queryClient.getQueryData(ME_QUERY_KEY) !== undefined;
        queryClient.clear();
        void navigate(loginPath(location.pathname + location.search, { ended: hadSession }), { replace: true });
      }),
    [navigate, queryClient, location.pathname, location.search],
  );
  if (me.isPending) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (me.isError) return <Navigate to={loginPath(location.pathname + location.search, { ended: false })} replace />;
  return <>{children}</>;
}
