import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage/storage';
import { LANGUAGE_KEY, acceptLanguage, detectLanguage, resolveLanguage } from './language';

describe('resolveLanguage', () => {
  it('prefers the query, then storage, then the browser, then en', () => {
    expect(resolveLanguage({ query: 'de', stored: 'fr', browser: ['ja'] })).toBe('de');
    expect(resolveLanguage({ query: null, stored: 'fr', browser: ['ja'] })).toBe('fr');
    expect(resolveLanguage({ stored: null, browser: ['ja-JP', 'en'] })).toBe('ja');
    expect(resolveLanguage({})).toBe('en');
  });

  it('skips unsupported values at every level', () => {
    expect(resolveLanguage({ query: 'xx', stored: 'klingon', browser: ['ar-SA', 'pt-BR'] })).toBe('pt');
    expect(resolveLanguage({ query: 'ar', browser: ['he'] })).toBe('en');
    expect(resolveLanguage({ query: '<script>', stored: '', browser: [] })).toBe('en');
  });

  it('maps Traditional Chinese variants to zh_TW and simplified to zh', () => {
    for (const tag of ['zh-TW', 'zh_TW', 'zh-HK', 'zh-Hant', 'zh-Hant-TW', 'zh-MO']) {
      expect(resolveLanguage({ query: tag })).toBe('zh_TW');
    }
    expect(resolveLanguage({ query: 'zh-CN' })).toBe('zh');
    expect(resolveLanguage({ browser: ['zh-Hans-CN'] })).toBe('zh');
  });

  it('accepts aliases the contract knows (nb -> no)', () => {
    expect(resolveLanguage({ browser: ['nb-NO'] })).toBe('no');
  });
});

describe('detectLanguage', () => {
  it('reads ?language=, the saved value and navigator languages', () => {
    const storage = memoryStorage();
    expect(detectLanguage('?language=ko', storage, ['de'])).toBe('ko');
    storage.setItem(LANGUAGE_KEY, 'it');
    expect(detectLanguage('?appId=10030', storage, ['de'])).toBe('it');
    expect(detectLanguage('?language=zz', storage, ['de'])).toBe('it');
  });
});

describe('acceptLanguage', () => {
  it('sends zh_TW as zh-TW', () => {
    expect(acceptLanguage('zh_TW')).toBe('zh-TW');
    expect(acceptLanguage('en')).toBe('en');
  });
});
