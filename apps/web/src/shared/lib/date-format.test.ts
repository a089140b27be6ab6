import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-format';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('date formatting', () => {
  // noon UTC: the same calendar day in every time zone a test machine may run in
  const iso = '2025-05-03T12:00:00.000Z';

  it('shows the date in the active language', () => {
    expect(formatDate(iso, 'en')).toBe('May 3, 2025');
    expect(plain(formatDate(iso, 'de'))).toBe('03.05.2025');
    expect(formatDate(iso, 'ja')).toBe('2025/05/03');
    expect(formatDate(iso, 'zh_TW')).toContain('2025');
  });

  it('adds the time where asked', () => {
    expect(formatDateTime(iso, 'en')).toMatch(/^May 3, 2025, \d{1,2}:\d\d\s[AP]M$/);
  });

  it('leaves a malformed timestamp as it came', () => {
    expect(formatDate('not a date', 'en')).toBe('not a date');
    expect(formatDateTime('', 'en')).toBe('');
  });
});
