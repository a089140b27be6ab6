import { useClientStore } from '../store/client-store';
import {
  addLine,
  cartCount,
  removeLine,
  sanitizeCart,
  selectAll,
  setQuantity,
  setSelected,
  type CartLine,
  type CartProblem,
  type CartProduct,
} from './cart';

/** The cart lives in the client store (cartList, cartCount), saved to session storage with the rest of it. */
const write = (lines: CartLine[]) => useClientStore.setState({ cartList: lines, cartCount: cartCount(lines) });

export const readCart = (): CartLine[] => sanitizeCart(useClientStore.getState().cartList);

export function useCartLines(): CartLine[] {
  const raw = useClientStore((state) => state.cartList);
  return sanitizeCart(raw);
}

export const useCartCount = () => useClientStore((state) => state.cartCount);

export function addToCart(product: CartProduct, quantity = 1): CartProblem | undefined {
  const result = addLine(readCart(), product, quantity);
  if (!result.problem) write(result.lines);
  return result.problem;
}

export function changeQuantity(productId: number, quantity: number): CartProblem | undefined {
  const result = setQuantity(readCart(), productId, quantity);
  if (!result.problem) write(result.lines);
  return result.problem;
}

export const removeFromCart = (productId: number) => write(removeLine(readCart(), productId));
export const selectLine = (productId: number, selected: boolean) => write(setSelected(readCart(), productId, selected));
export const selectAllLines = (selected: boolean) => write(selectAll(readCart(), selected));
/** After a cart checkout created its order: the bought lines leave the cart. */
export const removeLines = (productIds: readonly number[]) =>
  write(readCart().filter((line) => !productIds.includes(line.productId)));
