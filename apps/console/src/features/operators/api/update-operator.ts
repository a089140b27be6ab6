import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleUpdateOperator } from '@shop/contract/console/access';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';
import { OPERATORS_KEY } from './operators';

export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & RouteBody<typeof consoleUpdateOperator>) => callRoute(consoleUpdateOperator, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATORS_KEY }),
  });
}
