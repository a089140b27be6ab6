import type { GeetestCaptchaChallenge } from '@shop/contract/verification';
import type { Language } from '@shop/contract/languages';
import { loadScript } from '../lib/load-script';

/** What `captchaObj.getValidate()` gives once GeeTest's challenge is passed (false before). */
export interface GeetestResult {
  lot_number: string;
  captcha_output: string;
  pass_token: string;
  gen_time: string;
}

/** GeeTest v4's captcha object (gt4.js web API); every on* returns the object for chaining. */
export interface GeetestCaptchaObject {
  showCaptcha(): GeetestCaptchaObject;
  getValidate(): GeetestResult | false;
  reset(): GeetestCaptchaObject;
  destroy(): void;
  onReady(handler: () => void): GeetestCaptchaObject;
  onSuccess(handler: () => void): GeetestCaptchaObject;
  onError(handler: (error: { code?: string; msg?: string }) => void): GeetestCaptchaObject;
  onClose(handler: () => void): GeetestCaptchaObject;
}

type InitGeetest4 = (
  config: { captchaId: string; product: 'float' | 'popup' | 'bind'; language?: string },
  callback: (captcha: GeetestCaptchaObject) => void,
) => void;

declare global {
  interface Window {
    initGeetest4?: InitGeetest4;
  }
}

/** GeeTest's names of the shop's languages; the others get English (GeeTest v4 speaks 15 languages). */
const GEETEST_LANGUAGES: Partial<Record<Language, string>> = {
  en: 'eng',
  zh: 'zho',
  zh_TW: 'zho-tw',
  ja: 'jpn',
  ko: 'kor',
  id: 'ind',
  ru: 'rus',
  es: 'spa',
  pt: 'por',
  fr: 'fra',
  de: 'deu',
};

export const geetestLanguage = (language: string): string => GEETEST_LANGUAGES[language as Language] ?? 'eng';

/**
 * Loads gt4.js from the URL the server gave (only now, when the captcha opens: it is not part of any page's first load)
 * and creates the captcha in bind mode: no button of GeeTest's own, the challenge shows on showCaptcha().
 */
export async function createGeetest(challenge: GeetestCaptchaChallenge, language: string): Promise<GeetestCaptchaObject> {
  await loadScript(challenge.scriptUrl);
  const init = window.initGeetest4;
  if (!init) throw new Error('gt4.js did not define initGeetest4');
  return new Promise((resolve) => init({ captchaId: challenge.captchaId, product: 'bind', language: geetestLanguage(language) }, resolve));
}
