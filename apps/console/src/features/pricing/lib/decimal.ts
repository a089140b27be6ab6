/** Why a typed decimal is not one the field can hold (worded by `amount.*` in the locales). */
export type DecimalProblem = 'empty' | 'notAnAmount' | 'belowZero' | 'tooManyDigits' | 'tooBig';
export type DecimalParse = { value: number; problem?: undefined } | { value?: undefined; problem: DecimalProblem };

const DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/**
 * A decimal typed by an operator as an integer scaled by 10^digits ("4.99" with 2 digits is 499), exactly: the text is
 * cut at the decimal point and read as digits, never multiplied as a float (4.99 * 100 is 499.00000000000006). More
 * fraction digits than allowed are refused unless they are zeros ("780.00" with 0 digits is 780, "780.5" is refused).
 */
export function parseScaled(text: string, digits: number, max: number): DecimalParse {
  const typed = text.trim();
  if (typed === '') return { problem: 'empty' };
  if (/^-\s*\.?\d/.test(typed)) return { problem: 'belowZero' };
  const match = DECIMAL.exec(typed);
  if (!match) return { problem: 'notAnAmount' };
  const [, whole = '', fraction = ''] = match;
  if (/[^0]/.test(fraction.slice(digits))) return { problem: 'tooManyDigits' };
  const scaled = BigInt(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  if (scaled > BigInt(max)) return { problem: 'tooBig' };
  return { value: Number(scaled) };
}

/** An integer scaled by 10^digits as its decimal text: 499 with 2 digits "4.99", 1490 with 3 "1.490", 780 with 0 "780". */
export function scaledToText(scaled: number, digits: number): `${number}` {
  const sign = scaled < 0 ? '-' : '';
  const text = Math.abs(scaled).toString().padStart(digits + 1, '0');
  return (digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`) as `${number}`;
}
