import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleResetOperator } from '@shop/contract/console/access';
import { callRoute } from '../../../shared/api/client';
import { OPERATORS_KEY } from './operators';

export function useResetOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(consoleResetOperator, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATORS_KEY }),
  });
}
