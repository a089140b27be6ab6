import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../locales/en.json' with { type: 'json' };
import zh from '../locales/zh.json' with { type: 'json' };
import { issuePlace, issueText } from './import-issues';

const i18n = i18next.createInstance();
await i18n.init({ resources: { en: { pricing: en }, zh: { pricing: zh } }, lng: 'en', fallbackLng: false, defaultNS: 'pricing', interpolation: { escapeValue: false } });
const [english, chinese] = [i18n.getFixedT('en', 'pricing'), i18n.getFixedT('zh', 'pricing')];

describe('where an import problem is', () => {
  it('names the row and the column of the file, or the whole file for row 0', () => {
    expect(issuePlace(english, { row: 3, column: 'price' })).toBe('row 3, price');
    expect(issuePlace(chinese, { row: 3, column: 'price' })).toBe('第 3 行，price');
    expect(issuePlace(english, { row: 7, column: '' })).toBe('row 7');
    expect(issuePlace(english, { row: 0, column: '' })).toBe('the whole file');
    expect(issuePlace(chinese, { row: 0, column: '' })).toBe('整个文件');
    expect(issuePlace(english, { row: 0, column: 'currency' })).toBe('file, currency');
  });
});

describe('what an import problem says', () => {
  it("keeps the server's sentence (already in the console's language)", () => {
    expect(issueText(english, { row: 2, column: 'price', problem: 'tooManyDigits', message: 'JPY has no decimals' })).toBe('JPY has no decimals');
  });

  it.each(['empty', 'notJson', 'noRates', 'rateNotText'] as const)('words the problem %s the console found itself, in English and Chinese', (problem) => {
    const [inEnglish, inChinese] = [issueText(english, { row: 0, column: '', problem }), issueText(chinese, { row: 0, column: '', problem })];
    expect(inEnglish).not.toContain('import.local');
    expect(inChinese).toMatch(/[\u4e00-\u9fff]/);
  });
});
