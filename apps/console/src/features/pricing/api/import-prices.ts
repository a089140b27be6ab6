import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleImportPrices } from '@shop/contract/console/pricing';
import { callRoute } from '../../../shared/api/client';
import { PRICING_KEY } from './keys';

/** Checks a price points CSV (dry run: what changes, or every problem by row and column) or imports it. */
export function useImportPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) => callRoute(consoleImportPrices, { query: { dryRun: dryRun ? 'true' : 'false' }, body: { csv } }),
    onSuccess: (report) => {
      if (report.applied) void queryClient.invalidateQueries({ queryKey: PRICING_KEY });
    },
  });
}
