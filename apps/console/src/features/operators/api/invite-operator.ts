import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleInviteOperator } from '@shop/contract/console/access';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';
import { OPERATORS_KEY } from './operators';

export function useInviteOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof consoleInviteOperator>) => callRoute(consoleInviteOperator, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATORS_KEY }),
  });
}
