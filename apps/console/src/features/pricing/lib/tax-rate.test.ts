import { describe, expect, it } from 'vitest';
import { parseTaxPercent, taxPercentText } from './tax-rate';

describe('tax rates in percent with two decimals, as basis points', () => {
  it.each([
    ['19', 1900],
    ['7.25', 725],
    ['8.1', 810],
    ['0', 0],
    ['100', 10_000],
    ['20%', 2000],
    ['5.50', 550],
  ])('%s%% is %i bp', (text, bp) => {
    expect(parseTaxPercent(text)).toEqual({ value: bp });
  });

  it.each([
    ['', 'empty'],
    ['7.255', 'tooManyDigits'],
    ['100.01', 'tooBig'],
    ['250', 'tooBig'],
    ['-5', 'belowZero'],
    ['nineteen', 'notAnAmount'],
    ['19,5', 'notAnAmount'],
  ])('%j is refused: %s', (text, problem) => {
    expect(parseTaxPercent(text)).toEqual({ problem });
  });

  it('shows basis points with two decimals', () => {
    expect(taxPercentText(1900)).toBe('19.00');
    expect(taxPercentText(725)).toBe('7.25');
    expect(taxPercentText(5)).toBe('0.05');
    expect(taxPercentText(0)).toBe('0.00');
  });
});
