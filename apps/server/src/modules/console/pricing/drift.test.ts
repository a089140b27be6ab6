import { describe, expect, it } from 'vitest';
import { beyondDrift, movePercent, plainRate } from './drift.ts';

describe('rate drift', () => {
  it('answers the signed move in percent with two decimals, exactly', () => {
    expect(movePercent('0.966', '0.92')).toBe(5);
    expect(movePercent('0.874', '0.92')).toBe(-5);
    expect(movePercent('157.25', '150')).toBe(4.83);
    expect(movePercent('1.000000000001', '1')).toBe(0);
    expect(movePercent('0.920000000000', '0.92')).toBe(0);
  });

  it('rounds half away from zero', () => {
    expect(movePercent('1.00005', '1')).toBe(0.01);
    expect(movePercent('0.99995', '1')).toBe(-0.01);
  });

  it('flags a move strictly beyond the limit, in either direction', () => {
    expect(beyondDrift('0.966', '0.92', 5)).toBe(false);
    expect(beyondDrift('0.966000000001', '0.92', 5)).toBe(true);
    expect(beyondDrift('0.874', '0.92', 5)).toBe(false);
    expect(beyondDrift('0.873999999999', '0.92', 5)).toBe(true);
    expect(beyondDrift('150', '150', 0)).toBe(false);
    expect(beyondDrift('150.000000000001', '150', 0)).toBe(true);
    expect(beyondDrift('102.5', '100', 2.5)).toBe(false);
    expect(beyondDrift('102.51', '100', 2.5)).toBe(true);
  });

  it('refuses a text that is not a rate, and a rate of zero to compare with', () => {
    expect(() => movePercent('abc', '1')).toThrow(RangeError);
    expect(() => movePercent('-1', '1')).toThrow(RangeError);
    expect(() => movePercent('1', '0')).toThrow(RangeError);
  });

  it('writes a rate without the zeros that add nothing', () => {
    expect(plainRate('0.920000000000')).toBe('0.92');
    expect(plainRate('0150')).toBe('150');
    expect(plainRate('150.000000000000')).toBe('150');
    expect(plainRate('0.000000000001')).toBe('0.000000000001');
  });
});
