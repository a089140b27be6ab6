import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleRegenerateRecoveryCodes } from '@shop/contract/console/access';
import { callRoute } from '../../../shared/api/client';
import { ME_QUERY_KEY } from '../../../shared/auth/use-me';

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (totp: string) => callRoute(consoleRegenerateRecoveryCodes, { body: { totp } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
