import { useMutation } from '@tanstack/react-query';
import { consoleExportCatalogue } from '@shop/contract/console/catalogue';
import { callRoute } from '../../../shared/api/client';

/** Saves the catalogue document (all games, or one) as a JSON file the import of another environment takes as it is. */
export function useExportCatalogue() {
  return useMutation({
    mutationFn: async (appId?: number) => {
      const document = await callRoute(consoleExportCatalogue, { query: appId !== undefined ? { appId } : {} });
      const blob = new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' });
      const link = window.document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `catalogue${appId !== undefined ? `-${appId}` : ''}-${document.exportedAt.slice(0, 10)}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
      return document;
    },
  });
}
