import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleLogin } from '@shop/contract/console/access';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';
import { ME_QUERY_KEY } from '../../../shared/auth/use-me';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof consoleLogin>) => callRoute(consoleLogin, { body }),
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}
