import type { ShopProduct } from '@shop/contract/products';
import { useClientStore } from '../store/client-store';
import { sanitizeCart, type CartLine, type CartProduct } from '../cart/cart';

/**
 * What the settlement screen checks out (the spec's client-held "settlement data"): one product with a quantity from
 * the goods details, or the selected cart lines.
 */
export interface SettlementData {
  source: 'product' | 'cart';
  appId: number;
  lines: CartLine[];
}

export const toCartProduct = (product: ShopProduct): CartProduct => ({
  productId: product.id,
  appId: product.appId,
  productName: product.productName,
  thumbnail: product.thumbnail,
  price: product.productPrice,
  discountPrice: product.productDiscountPrice,
  currency: product.currency,
  baseCurrency: product.baseCurrency,
  basePrice: product.baseProductPrice,
  baseDiscountPrice: product.baseDiscountPrice,
  goodsType: product.goodsType,
});

export function startSettlement(data: SettlementData): void {
  useClientStore.setState({ settlement: data });
}

export function readSettlement(value: unknown = useClientStore.getState().settlement): SettlementData | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const data = value as Partial<SettlementData>;
  const lines = sanitizeCart(data.lines);
  if ((data.source !== 'product' && data.source !== 'cart') || !Number.isSafeInteger(data.appId) || lines.length === 0) {
    return undefined;
  }
  return { source: data.source, appId: data.appId!, lines };
}

export const clearSettlement = () => useClientStore.setState({ settlement: null });
