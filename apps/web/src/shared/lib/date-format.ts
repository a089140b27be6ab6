import { toHttpLanguage, type Language } from '@shop/contract/languages';

/** Kept apart from format.ts, which is on the voucher page's first load: no screen of that load shows a date. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: Language, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}|${withTime}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(toHttpLanguage(language), withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
    formatters.set(key, cached);
  }
  return cached;
}

/** A server timestamp (ISO 8601) as a date in the active language, e.g. "May 3, 2025"; a malformed one as it came. */
export function formatDate(iso: string, language: Language): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter(language, false).format(date);
}

/** A server timestamp as a date and time in the active language, e.g. "May 3, 2025, 2:05 PM". */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter(language, true).format(date);
}
