/** The 22 interface languages of the spec, in the spec's order. */
export const SUPPORTED_LANGUAGES = [
  'en', 'de', 'fr', 'it', 'pl', 'ru', 'ja', 'ko', 'es', 'pt', 'uk',
  'da', 'id', 'th', 'tr', 'nl', 'no', 'sv', 'vi', 'el', 'zh', 'zh_TW',
] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Native names for the language dropdown (shown as-is in every locale). */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  en: 'English', de: 'Deutsch', fr: 'Français', it: 'Italiano', pl: 'Polski', ru: 'Русский',
  ja: '日本語', ko: '한국어', es: 'Español', pt: 'Português', uk: 'Українська', da: 'Dansk',
  id: 'Bahasa Indonesia', th: 'ไทย', tr: 'Türkçe', nl: 'Nederlands', no: 'Norsk', sv: 'Svenska',
  vi: 'Tiếng Việt', el: 'Ελληνικά', zh: '简体中文', zh_TW: '繁體中文',
};

const TRADITIONAL_CHINESE = /^zh[-_](tw|hk|mo|hant)([-_].*)?$/i;
// Language tags whose primary subtag differs from our code but means the same language.
const ALIASES: Record<string, Language> = { nb: 'no', nn: 'no', in: 'id' };

/**
 * Maps any language tag (query value, stored value, navigator.language, Accept-Language entry)
 * to one of the 22 supported codes, or undefined when it is not supported.
 * Traditional Chinese variants (zh-TW, zh-HK, zh-MO, zh-Hant, zh_TW ...) become zh_TW.
 */
export function normalizeLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const value = tag.trim();
  if (!value || value.length > 35) return undefined;
  if (TRADITIONAL_CHINESE.test(value)) return 'zh_TW';
  const primary = value.split(/[-_]/)[0]!.toLowerCase();
  if (primary in ALIASES) return ALIASES[primary];
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : undefined;
}

/** Picks the best supported language from an Accept-Language header (q-values respected). */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = normalizeLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The HTTP form of a language code: zh_TW is sent as zh-TW. */
export const toHttpLanguage = (language: Language): string => language.replace('_', '-');
