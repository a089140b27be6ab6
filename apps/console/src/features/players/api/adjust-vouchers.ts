import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleAdjustVouchers, type AdjustVouchersBody } from '@shop/contract/console/players';
import { callRoute } from '../../../shared/api/client';
import { PLAYERS_KEY } from './keys';

/** A manual credit or debit; `body.key` is made once per dialog so a double click or a retry applies it once. */
export function useAdjustVouchers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gameAccountId, body }: { gameAccountId: number; body: AdjustVouchersBody }) => callRoute(consoleAdjustVouchers, { params: { gameAccountId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLAYERS_KEY }),
  });
}
