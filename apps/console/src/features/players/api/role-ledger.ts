import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleRoleLedger } from '@shop/contract/console/players';
import { callRoute } from '../../../shared/api/client';
import { roleKey } from './keys';

/** A role's voucher ledger, newest first, one page. */
export function useRoleLedger(gameAccountId: number, cursor: string | undefined, pageSize: number) {
  return useQuery({
    queryKey: [...roleKey(gameAccountId), 'ledger', cursor ?? null, pageSize],
    queryFn: () => callRoute(consoleRoleLedger, { params: { gameAccountId }, query: { cursor, pageSize } }),
    placeholderData: keepPreviousData,
  });
}
