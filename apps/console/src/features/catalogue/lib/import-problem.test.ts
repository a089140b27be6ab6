import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { IMPORT_PROBLEMS, type ImportIssue } from '@shop/contract/console/catalogue';
import en from '../locales/en.json' with { type: 'json' };
import zh from '../locales/zh.json' with { type: 'json' };
import { importPathText, importProblemText } from './import-problem';

const i18n = i18next.createInstance();
await i18n.init({ resources: { en: { catalogue: en }, zh: { catalogue: zh } }, lng: 'en', fallbackLng: false, defaultNS: 'catalogue', interpolation: { escapeValue: false } });
const [english, chinese] = [i18n.getFixedT('en', 'catalogue'), i18n.getFixedT('zh', 'catalogue')];

/** Every parameter any problem names, so each wording can be filled in. */
const PARAMS = { expected: 'int', allowed: 'xsolla, paypal, payermax', minimum: 2, maximum: 100, value: 1001, first: 0, appId: 40404, productSn: 'BD-VC-199', product: 1001, goodsType: 5, media: 'ab12', maxKb: 512 };
const issue = (problem: ImportIssue['problem'], params: ImportIssue['params'] = PARAMS): ImportIssue => ({ path: 'products[0].names', problem, params });

describe('import problems in the console', () => {
  it.each(IMPORT_PROBLEMS)('%s has its own wording in English and Chinese, with every placeholder filled in', (problem) => {
    const [inEnglish, inChinese] = [importProblemText(english, issue(problem)), importProblemText(chinese, issue(problem))];
    for (const text of [inEnglish, inChinese]) {
      expect(text).not.toContain('{{');
      expect(text).not.toContain('transfer.problems');
    }
    expect(inChinese).not.toBe(inEnglish);
    expect(inChinese).toMatch(/[\u4e00-\u9fff]/);
  });

  it('names the expected type and the goods type in words, and counts characters with the right plural', () => {
    expect(importProblemText(english, issue('wrongType', { expected: 'int' }))).toBe('Must be a whole number');
    expect(importProblemText(chinese, issue('wrongType', { expected: 'int' }))).toBe('必须是整数');
    expect(importProblemText(english, issue('productMoved', { product: 1001, goodsType: 5, appId: 10030 }))).toBe(
      'Product 1001 exists in this shop in game 10030 as “Voucher pack”; an import does not move a product to another game or type',
    );
    expect(importProblemText(chinese, issue('productMoved', { product: 1001, goodsType: 5, appId: 10030 }))).toContain('“代金券包”');
    expect(importProblemText(english, issue('tooLong', { maximum: 1 }))).toBe('Too long: at most 1 character');
    expect(importProblemText(english, issue('tooLong', { maximum: 200 }))).toBe('Too long: at most 200 characters');
    expect(importProblemText(chinese, issue('tooLong', { maximum: 200 }))).toBe('太长：最多 200 个字符');
  });

  it('calls the document as a whole "the whole file" and keeps every other path as the server gives it', () => {
    expect(importPathText(english, { ...issue('wrongType'), path: '(document)' })).toBe('the whole file');
    expect(importPathText(chinese, { ...issue('wrongType'), path: '(document)' })).toBe('整个文件');
    expect(importPathText(chinese, issue('required'))).toBe('products[0].names');
  });
});
