import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@shop/contract/languages';
import { geetestLanguage } from './geetest';

describe('GeeTest language', () => {
  it("names the shop's languages as GeeTest v4 does, English for those GeeTest does not speak", () => {
    expect(Object.fromEntries(SUPPORTED_LANGUAGES.map((language) => [language, geetestLanguage(language)]))).toEqual({
      en: 'eng', de: 'deu', fr: 'fra', it: 'eng', pl: 'eng', ru: 'rus', ja: 'jpn', ko: 'kor', es: 'spa', pt: 'por', uk: 'eng',
      da: 'eng', id: 'ind', th: 'eng', tr: 'eng', nl: 'eng', no: 'eng', sv: 'eng', vi: 'eng', el: 'eng', zh: 'zho', zh_TW: 'zho-tw',
    });
    expect(geetestLanguage('xx')).toBe('eng');
  });
});
