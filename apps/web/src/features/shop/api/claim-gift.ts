import { productReceive } from '@shop/contract/products';
import { call } from '../../../shared/api/client';
import { queryClient } from '../../../shared/query/query-client';
import { productKey } from './get-product';

/** Claims a free gift for the game account; the gift's detail (claimed or not) is asked for again. */
export async function claimGift(productId: number, gameAccountId?: number) {
  const answer = await call(productReceive, { body: { productId, ...(gameAccountId ? { gameAccountId } : {}) } });
  void queryClient.invalidateQueries({ queryKey: productKey(productId) });
  return answer;
}
