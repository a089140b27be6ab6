import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The console speaks English and Simplified Chinese. */
export const CONSOLE_LANGUAGES = ['en', 'zh'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

/**
 * Each feature keeps its own strings in `features/<feature>/locales/{en,zh}.json` (namespace = the feature's folder), the
 * app's in `app/locales`; all are bundled (a few kB) so a screen never waits for its strings.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>(['../../features/*/locales/*.json', '../../app/locales/*.json'], { eager: true });

const resources: Record<string, Record<string, Record<string, unknown>>> = { en: {}, zh: {} };
for (const [path, module] of Object.entries(files)) {
  const match = /\/(features\/([^/]+)|app)\/locales\/(en|zh)\.json$/.exec(path);
  if (!match) continue;
  const namespace = match[2] ?? 'app';
  resources[match[3]!]![namespace] = module.default;
}

const STORAGE_KEY = 'console.language';
const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
const initial: ConsoleLanguage = stored === 'zh' || stored === 'en' ? stored : navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';

void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: 'en',
  defaultNS: 'app',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setConsoleLanguage(language: ConsoleLanguage): void {
  localStorage.setItem(STORAGE_KEY, language);
  void i18n.changeLanguage(language);
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

export default i18n;
