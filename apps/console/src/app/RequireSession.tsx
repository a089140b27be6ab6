import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Spin } from 'antd';
import { onSessionEnded } from '../shared/api/client';
import { ME_QUERY_KEY, useMe } from '../shared/auth/use-me';
import { loginPath } from './login-path';

/**
 * Pages behind the login: without a session (or when it ends: logout, inactivity, a role change) the operator goes to
 * /login. The first call of a visit without a session is refused (401) too; that is not a session that ended. A session
 * that ends refuses several calls at once (the page's request, the session's refetch): once this page had a session,
 * each of them says it ended, whichever arrives last.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Whether this page had a session: kept for the render (the refused refetch after the cache is cleared) and for the
  // listener (a second refused call after the first cleared it).
  const [sessionSeen, setSessionSeen] = useState(false);
  if (me.data !== undefined && !sessionSeen) setSessionSeen(true);
  useEffect(
    () =>
      onSessionEnded(() => {
        const ended = sessionSeen || queryClient.getQueryData(ME_QUERY_KEY) !== undefined;
        queryClient.clear();
        void navigate(loginPath(location.pathname + location.search, { ended }), { replace: true });
      }),
    [navigate, queryClient, location.pathname, location.search, sessionSeen],
  );
  if (me.isPending) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (me.isError) return <Navigate to={loginPath(location.pathname + location.search, { ended: sessionSeen || me.data !== undefined })} replace />;
  return <>{children}</>;
}
