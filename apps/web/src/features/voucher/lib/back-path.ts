/** Where the instructions page's back goes: the page that opened it (voucher -> the voucher page, saved player). */
export function instructionsBackPath(from: string | null): string {
  if (from === 'shop' || from === 'home') return '/home';
  return '/voucher?from=close';
}
