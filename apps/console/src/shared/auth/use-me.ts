import { useQuery } from '@tanstack/react-query';
import { consoleMe } from '@shop/contract/console/access';
import { callRoute } from '../api/client';

export const ME_QUERY_KEY = ['console', 'me'] as const;

/** The signed-in operator (undefined while loading; the query errors with 401 when there is no session). */
export function useMe() {
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: () => callRoute(consoleMe), retry: false, staleTime: 60_000 });
}

/** Whether the signed-in operator's role allows a permission (the server checks it again on every call). */
export function useCan(permission: string): boolean {
  const { data } = useMe();
  return Boolean(data?.permissions.includes(permission));
}
