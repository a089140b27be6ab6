import { describe, expect, it } from 'vitest';
import { isMessageKey, translate } from './messages.ts';

describe('server messages', () => {
  it('pick the plural form of the count by the language’s CLDR rules, as i18next does', () => {
    const expires = (language: 'en' | 'ru' | 'pl' | 'uk' | 'ja', count: number) =>
      translate(language, 'codeMessageText', { code: '123456', count }).replace(/^.*\. /, '');
    expect([1, 10].map((count) => expires('en', count))).toEqual(['It expires in 1 minute.', 'It expires in 10 minutes.']);
    expect([1, 2, 5, 21, 22, 25, 111].map((count) => expires('ru', count))).toEqual([
      'Он действует 1 минуту.',
      'Он действует 2 минуты.',
      'Он действует 5 минут.',
      'Он действует 21 минуту.',
      'Он действует 22 минуты.',
      'Он действует 25 минут.',
      'Он действует 111 минут.',
    ]);
    expect([1, 3, 10, 22].map((count) => expires('pl', count))).toEqual([
      'Wygasa za 1 minutę.',
      'Wygasa za 3 minuty.',
      'Wygasa za 10 minut.',
      'Wygasa za 22 minuty.',
    ]);
    expect([1, 4, 11].map((count) => expires('uk', count))).toEqual(['Він діє 1 хвилину.', 'Він діє 4 хвилини.', 'Він діє 11 хвилин.']);
    expect(translate('ja', 'codeMessageText', { code: '123456', count: 1 })).toBe('認証コードは 123456 です。1 分で有効期限が切れます。');
  });

  it('format {{count, number}} for the language', () => {
    expect(translate('de', 'reportTooLarge', { count: 100_000 })).toBe('Der Export hat mehr als 100.000 Zeilen: Wähle einen kürzeren Zeitraum oder einen Filter');
    expect(translate('en', 'tooManyItems', { count: 1 })).toBe('At most 1 item can be bought in one transaction');
  });

  it('know a plural group by its name without the suffix, and leave other messages as they are', () => {
    expect(isMessageKey('tooManyItems')).toBe(true);
    expect(isMessageKey('tooManyItems_one')).toBe(true);
    expect(isMessageKey('noSuchMessage')).toBe(false);
    expect(translate('en', 'orderNotFound')).toBe('Order not found');
    expect(translate('fr', 'orderNotFound', { count: 3 })).toBe(translate('fr', 'orderNotFound'));
  });
});
