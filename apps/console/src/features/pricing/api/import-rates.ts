import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleImportRates, type RatesImportBody } from '@shop/contract/console/pricing';
import { callRoute } from '../../../shared/api/client';
import { PRICING_KEY } from './keys';

/** Checks a rates table (dry run: the changes and the drifted points, or every problem) or imports it. */
export function useImportRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, dryRun }: { body: RatesImportBody; dryRun: boolean }) => callRoute(consoleImportRates, { query: { dryRun: dryRun ? 'true' : 'false' }, body }),
    onSuccess: (report) => {
      if (report.applied) void queryClient.invalidateQueries({ queryKey: PRICING_KEY });
    },
  });
}
