import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Spin } from 'antd';
import { onSessionEnded } from '../shared/api/client';
import { useMe } from '../shared/auth/use-me';

/** Pages behind the login: without a session (or when it ends: logout, inactivity) the operator goes to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionEnded(() => {
        queryClient.clear();
        void navigate(`/login?ended=1&next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
      }),
    [navigate, queryClient, location.pathname, location.search],
  );
  if (me.isPending) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (me.isError) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
}
