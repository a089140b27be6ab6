import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleRoleLedger } from '@shop/contract/console/players';
import { callRoute } from '../../../shared/api/client';
import { roleKey } from './keys';

/** A role's voucher ledger, newest first, one page. */
export function useRoleLedger(gameAccountId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...roleKey(gameAccountId), 'ledger', page, pageSize],
    queryFn: () => callRoute(consoleRoleLedger, { params: { gameAccountId }, query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}
