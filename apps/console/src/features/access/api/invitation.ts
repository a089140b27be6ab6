import { useMutation, useQuery } from '@tanstack/react-query';
import { consoleAcceptInvitation, consoleInvitation } from '@shop/contract/console/access';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';

/** The invitation of an enrolment link, with a fresh TOTP secret (kept for the page's life: not refetched). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['console', 'invitation', token],
    queryFn: () => callRoute(consoleInvitation, { query: { token } }),
    enabled: token.length > 0,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: (body: RouteBody<typeof consoleAcceptInvitation>) => callRoute(consoleAcceptInvitation, { body }) });
}
