import type { z } from 'zod';
import dayjs, { type Dayjs } from 'dayjs';
import { MAX_REPORT_DAYS, reportDays } from '@shop/contract/console/reports';

/**
 * Minor units as major units with the currency's digits as the server reports them (`currencyDigits`, ISO 4217 from
 * the server's ICU data): the screen shows the same figures as the CSV's major-unit columns.
 */
export function formatAmount(minor: number, currency: string, digits: Record<string, number>): string {
  const places = digits[currency] ?? 2;
  const major = minor / 10 ** places;
  return `${major.toLocaleString(undefined, { minimumFractionDigits: places, maximumFractionDigits: places })} ${currency}`;
}

/** Major units as a number (chart values). */
export const majorOf = (minor: number, currency: string, digits: Record<string, number>) => minor / 10 ** (digits[currency] ?? 2);

/** Today as a day (YYYY-MM-DD) of `timeZone` (an IANA name; the refunds report speaks UTC days, the sales report those of its zone). */
export const todayIn = (timeZone = 'UTC') => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The last `days` days of `timeZone` up to today, as the report's from/to. */
export function lastDays(days: number, timeZone?: string): { from: string; to: string } {
  const today = todayIn(timeZone);
  return { from: dayjs(today).subtract(days - 1, 'day').format('YYYY-MM-DD'), to: today };
}

/** A calendar day picked in the date picker, as the report's day. */
export const dayText = (day: Dayjs) => day.format('YYYY-MM-DD');

/** Whether a from/to pair is one the server accepts (ordered, at most MAX_REPORT_DAYS). */
export const rangeAllowed = (from: string, to: string) => {
  const days = reportDays(from, to);
  return days >= 1 && days <= MAX_REPORT_DAYS;
};

/** Every day from `from` to `to` (for the chart: days without sales are drawn as zero). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = dayjs(from), end = dayjs(to); !day.isAfter(end) && days.length <= MAX_REPORT_DAYS; day = day.add(1, 'day')) days.push(dayText(day));
  return days;
}

/** Search params as a plain object (for the contract's query schema), without empty values. */
export function paramsObject(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries([...params.entries()].filter(([, value]) => value !== ''));
}

/** A query as search params (undefined and empty values left out). */
export function toParams(query: Record<string, string | number | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/**
 * A report's query from the address (a report can be bookmarked and shared): the last 30 days unless given; anything the
 * contract's schema refuses, or a range the server would refuse, falls back to the defaults.
 */
export function reportQueryOf<Q extends { from: string; to: string }>(schema: z.ZodType<Q, unknown>, params: URLSearchParams): Q {
  const parsed = schema.safeParse({ ...lastDays(30), ...paramsObject(params) });
  if (parsed.success && rangeAllowed(parsed.data.from, parsed.data.to)) return parsed.data;
  return schema.parse(lastDays(30));
}

/** The currency filter's text as the query takes it: three letters in capitals, anything else no filter. */
export const currencyFilter = (text: string) => (/^[a-z]{3}$/i.test(text) ? text.toUpperCase() : undefined);
