import { describe, expect, it } from 'vitest';
import { MAX_RATE_ROWS, readRatesTable } from './rates-table.ts';

const problems = (result: ReturnType<typeof readRatesTable>) => result.errors.map(({ row, column, problem }) => `${row} ${column} ${problem}`);

describe('readRatesTable', () => {
  it('reads JSON and CSV alike, currencies upper-cased, rates without idle zeros', () => {
    const json = readRatesTable({ rates: { eur: '0.920', JPY: '157.25', USD: '1.000' } }, 'en');
    expect(json).toEqual({
      errors: [],
      entries: [
        { currency: 'EUR', perUsd: '0.92' },
        { currency: 'JPY', perUsd: '157.25' },
        { currency: 'USD', perUsd: '1' },
      ],
    });
    expect(readRatesTable({ csv: '\uFEFFcurrency,per_usd\r\neur,0.920\r\n JPY , 157.25 \r\n\r\nUSD,1.000\r\n' }, 'en')).toEqual(json);
  });

  it('names every problem by row and column, and gives no entry when there is one', () => {
    const result = readRatesTable(
      {
        csv: [
          'currency,per_usd',
          'EUR,0.92',
          'XXY,1',
          'JPY,-157',
          'KRW,1.1234567890123',
          'EUR,0.93',
          'IDR,0',
          'VND,abc',
          'USD,1.1',
          'BRL,1e3',
          'TRY,1234567890123',
          'PH\u0000,1',
          'GBP',
        ].join('\n'),
      },
      'en',
    );
    expect(result.entries).toEqual([]);
    expect(problems(result)).toEqual([
      '12 (row) wrongFieldCount',
      '2 currency unknownCurrency',
      '3 per_usd notARate',
      '4 per_usd tooManyDigits',
      '5 currency duplicate',
      '6 per_usd notARate',
      '7 per_usd notARate',
      '8 per_usd baseRate',
      '9 per_usd notARate',
      '10 per_usd notARate',
      '11 currency unknownCurrency',
    ]);
    expect(result.errors.find((issue) => issue.problem === 'duplicate')!.message).toBe('Already given on row 1');
    expect(result.errors.find((issue) => issue.row === 11 && issue.problem === 'unknownCurrency')!.message).toBe('"PH?" is not an ISO 4217 currency code');
  });

  it('words the problems in Chinese for a Chinese console', () => {
    expect(readRatesTable({ rates: { EUR: 'x' } }, 'zh').errors[0]!.message).toBe('"x" 不是正的十进制数（每美元的单位数）');
  });

  it.each([
    ['neither rates nor csv', {}, '0 (file) missing'],
    ['both rates and csv', { rates: { EUR: '1' }, csv: 'currency,per_usd\nEUR,1' }, '0 (file) missing'],
    ['an empty JSON table', { rates: {} }, '0 (file) empty'],
    ['an empty CSV', { csv: '' }, '0 (file) empty'],
    ['a header alone', { csv: 'currency,per_usd\r\n' }, '0 (file) empty'],
    ['another header', { csv: 'code,rate\nEUR,1' }, '0 (header) badHeader'],
    ['an unclosed quote', { csv: 'currency,per_usd\nEUR,"0.92\n' }, '1 (file) badCsv'],
    ['too many rows', { rates: Object.fromEntries(Array.from({ length: MAX_RATE_ROWS + 1 }, (_, i) => [`C${i}`, '1'])) }, '0 (file) tooManyRows'],
  ])('refuses %s as a whole', (_name, body, problem) => {
    const result = readRatesTable(body, 'en');
    expect(result.entries).toEqual([]);
    expect(problems(result)).toEqual([problem]);
  });
});
