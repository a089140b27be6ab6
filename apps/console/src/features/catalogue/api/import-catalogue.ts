import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleImportCatalogue } from '@shop/contract/console/catalogue';
import { callRoute } from '../../../shared/api/client';
import { CATALOGUE_KEY } from './keys';

/** Checks a catalogue document (dry run: what would change, or every problem) or imports it in one transaction. */
export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ document, dryRun }: { document: unknown; dryRun: boolean }) =>
      callRoute(consoleImportCatalogue, { query: { dryRun: dryRun ? 'true' : 'false' }, body: document }),
    onSuccess: (report) => {
      if (report.applied) void queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY });
    },
  });
}
