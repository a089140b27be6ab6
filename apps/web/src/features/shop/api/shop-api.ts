import { productDetail, productList, productReceive } from '@shop/contract/products';
import { call } from '../../../shared/api/client';

export const fetchProducts = (appId: number, goodsType: number) => call(productList, { body: { appId, goodsType } });
export const fetchProduct = (id: number, gameAccountId?: number) =>
  call(productDetail, { body: { id, ...(gameAccountId ? { gameAccountId } : {}) } });
export const claimGift = (productId: number, gameAccountId?: number) =>
  call(productReceive, { body: { productId, ...(gameAccountId ? { gameAccountId } : {}) } });
