import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { toHttpLanguage, type Language } from '@shop/contract/languages';
import { setLanguage } from './language';
import { loadMessages } from './messages';

/** i18next language codes use the BCP 47 form (zh-TW), which Intl plural rules understand. */
const i18nCode = (language: Language) => toHttpLanguage(language);

function applyDocumentLanguage(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = toHttpLanguage(language);
}

let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Resolves once the first language's messages are in (or could not load): API errors met earlier wait for it. */
export const whenI18nReady = (): Promise<void> => ready;
export const isI18nReady = (): boolean => i18next.isInitialized;

export async function initI18n(language: Language): Promise<I18n> {
  try {
    return await init(language);
  } finally {
    markReady();
  }
}

async function init(language: Language): Promise<I18n> {
  const messages = await loadMessages(language);
  await i18next.use(initReactI18next).init({
    lng: i18nCode(language),
    resources: { [i18nCode(language)]: { translation: messages } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  setLanguage(language);
  applyDocumentLanguage(language);
  return i18next;
}

/** Switches the UI language at once (loading its messages first) and remembers it. */
export async function changeLanguage(language: Language): Promise<void> {
  const code = i18nCode(language);
  if (!i18next.hasResourceBundle(code, 'translation')) {
    i18next.addResourceBundle(code, 'translation', await loadMessages(language));
  }
  setLanguage(language);
  applyDocumentLanguage(language);
  await i18next.changeLanguage(code);
}

/** For non-React modules (toasts from the API client). */
export const t = (key: string, options?: Record<string, unknown>): string => i18next.t(key, options) as string;
