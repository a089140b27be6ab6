import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleSecondPayments } from '@shop/contract/console/orders';
import type { DuplicatePaymentView } from '@shop/contract/ops';
import { callRoute } from '../../../shared/api/client';
import { QUEUES_KEY } from './keys';

/** Second payments, oldest first: by status, or every one not refunded yet. */
export function useSecondPayments(status: DuplicatePaymentView['status'] | undefined, cursor: string | undefined, pageSize: number) {
  return useQuery({
    queryKey: [...QUEUES_KEY, 'second-payments', status ?? 'unrefunded', cursor ?? null, pageSize],
    queryFn: () => callRoute(consoleSecondPayments, { query: { ...(status ? { status } : {}), cursor, pageSize } }),
    placeholderData: keepPreviousData,
  });
}
