import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { consoleAuditLog } from '@shop/contract/console/access';
import type { z } from 'zod';
import { callRoute } from '../../../shared/api/client';

/** The filters as the console holds them (numbers as numbers; the route coerces query strings). */
export type AuditFilters = z.output<(typeof consoleAuditLog)['query']>;

export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: ['console', 'audit', filters],
    queryFn: () => callRoute(consoleAuditLog, { query: filters }),
    placeholderData: keepPreviousData,
  });
}
