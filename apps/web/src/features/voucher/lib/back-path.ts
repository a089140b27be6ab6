/**
 * Where the instructions page's back goes: the page that opened it. The shop's contact bar opens it with from=shop
 * (back to the shop); the voucher page with from=voucher (back to the voucher page, which keeps the session it finds).
 */
export function instructionsBackPath(from: string | null): string {
  return openedFromShop(from) ? '/home' : '/voucher?from=close';
}

export const openedFromShop = (from: string | null) => from === 'shop' || from === 'home';
