import { useMutation } from '@tanstack/react-query';
import { consoleExportPrices } from '@shop/contract/console/pricing';
import { download } from '../../../shared/api/client';

/** Saves every price point (of all games, or one) as the CSV the import takes back. */
export function useExportPrices() {
  return useMutation({
    mutationFn: (appId?: number) => {
      const day = new Date().toISOString().slice(0, 10);
      return download(consoleExportPrices.path, appId !== undefined ? { appId } : {}, `prices${appId !== undefined ? `-${appId}` : ''}-${day}.csv`);
    },
  });
}
