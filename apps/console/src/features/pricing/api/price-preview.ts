import { useQuery } from '@tanstack/react-query';
import { consolePricePreview } from '@shop/contract/console/pricing';
import { callRoute } from '../../../shared/api/client';
import { previewKey } from './keys';

/** What a player in a country sees and pays for the product through each channel (idle until a country is picked). */
export function usePricePreview(productId: number, regionCode: string | undefined) {
  return useQuery({
    queryKey: previewKey(productId, regionCode ?? ''),
    queryFn: () => callRoute(consolePricePreview, { params: { productId }, query: { regionCode: regionCode! } }),
    enabled: regionCode !== undefined,
  });
}
