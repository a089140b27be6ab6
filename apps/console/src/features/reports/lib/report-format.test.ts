import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { currencyFilter, daysBetween, formatAmount, lastDays, paramsObject, rangeAllowed, reportQueryOf, toParams } from './report-format';

describe('report formatting', () => {
  it("shows minor units with the currency's digits as the server reports them", () => {
    expect(formatAmount(123456, 'USD', { USD: 2 })).toBe(`${(1234.56).toLocaleString(undefined, { minimumFractionDigits: 2 })} USD`);
    expect(formatAmount(1500, 'JPY', { JPY: 0 })).toBe(`${(1500).toLocaleString()} JPY`);
  });

  it('takes three letters as a currency, in capitals, and nothing else', () => {
    expect(currencyFilter('usd')).toBe('USD');
    expect(currencyFilter('US')).toBeUndefined();
    expect(currencyFilter('')).toBeUndefined();
    expect(currencyFilter('U$D')).toBeUndefined();
  });

  it('lists every day of a range, and checks a range against the limits', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(rangeAllowed('2026-03-01', '2026-02-27')).toBe(false);
    expect(rangeAllowed('2026-01-01', '2026-01-31')).toBe(true);
    const { from, to } = lastDays(7, 'UTC');
    expect(daysBetween(from, to)).toHaveLength(7);
  });

  it('maps the address to a query and back, without empty values', () => {
    expect(paramsObject(new URLSearchParams('a=1&b=&c=x'))).toEqual({ a: '1', c: 'x' });
    expect(toParams({ a: 1, b: undefined, c: '', d: 'x' })).toEqual({ a: '1', d: 'x' });
  });

  it("reads a report's query from the address, the last 30 days for a range the server would refuse", () => {
    const schema = z.object({ from: z.string(), to: z.string(), currency: z.string().length(3).optional() });
    expect(reportQueryOf(schema, new URLSearchParams('from=2026-01-01&to=2026-01-31&currency=EUR'))).toEqual({ from: '2026-01-01', to: '2026-01-31', currency: 'EUR' });
    expect(reportQueryOf(schema, new URLSearchParams('from=2026-01-31&to=2026-01-01'))).toEqual(lastDays(30));
    expect(reportQueryOf(schema, new URLSearchParams('currency=EURO'))).toEqual(lastDays(30));
  });
});
