import dayjs from 'dayjs';

/** ISO 4217 minor digits (USD 2, JPY 0, KWD 3) from the browser's ICU data, as the server's money.ts reads them. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** 1234 USD minor units → "12.34 USD". */
export function formatMoney(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const major = minor / 10 ** digits;
  return `${major.toLocaleString(undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency}`;
}

export const formatDateTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—');
