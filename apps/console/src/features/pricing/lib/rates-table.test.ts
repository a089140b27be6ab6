import { describe, expect, it } from 'vitest';
import { ratesBodyOf } from './rates-table';

const input = (text: string, asOf = '2026-11-27', source = 'ECB') => ({ text, asOf, source });

describe('ratesBodyOf', () => {
  it('sends CSV as text, with the date and source typed beside it', () => {
    expect(ratesBodyOf(input('\uFEFFcurrency,per_usd\nJPY,151.23\n'))).toEqual({ body: { asOf: '2026-11-27', source: 'ECB', csv: 'currency,per_usd\nJPY,151.23' } });
  });

  it('sends JSON rates digit for digit, taking its date and source where the form leaves them empty', () => {
    const text = JSON.stringify({ asOf: '2026-11-20', source: 'Central bank', rates: { JPY: '151.230000000001', KWD: '0.3071' } });
    expect(ratesBodyOf(input(text, '', ''))).toEqual({ body: { asOf: '2026-11-20', source: 'Central bank', rates: { JPY: '151.230000000001', KWD: '0.3071' } } });
    expect(ratesBodyOf(input(text)).body).toMatchObject({ asOf: '2026-11-27', source: 'ECB' });
  });

  it('takes a bare rates object', () => {
    expect(ratesBodyOf(input('{"EUR": "0.92"}'))).toEqual({ body: { asOf: '2026-11-27', source: 'ECB', rates: { EUR: '0.92' } } });
  });

  it('refuses a rate written as a JSON number, by row and currency (it would pass through a float)', () => {
    expect(ratesBodyOf(input('{"rates": {"EUR": "0.92", "JPY": 151.23, "KRW": 1390}}'))).toEqual({
      issues: [
        { row: 2, column: 'JPY', problem: 'rateNotText' },
        { row: 3, column: 'KRW', problem: 'rateNotText' },
      ],
    });
  });

  it.each([
    ['', 'empty', ''],
    ['  \n ', 'empty', ''],
    ['{"rates": {"EUR": "0.92"', 'notJson', ''],
    ['{"rates": {}}', 'noRates', 'rates'],
    ['{"asOf": "2026-11-27"}', 'noRates', 'rates'],
  ])('refuses %j: %s', (text, problem, column) => {
    expect(ratesBodyOf(input(text))).toEqual({ issues: [{ row: 0, column, problem }] });
  });
});
