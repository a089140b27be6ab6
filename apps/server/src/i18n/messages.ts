import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, toHttpLanguage, type Language } from '@shop/contract/languages';
import en from './locales/en.json' with { type: 'json' };

/** i18next's plural suffixes: a message with a count has one text per plural category of its language (key_one...). */
type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type CatalogueKey = keyof typeof en;
/** A message's key: a plural group is named without its suffix (tooManyItems for tooManyItems_one, tooManyItems_other). */
export type MessageKey = CatalogueKey extends infer K ? (K extends `${infer Base}_${PluralCategory}` ? Base : K) : never;
export type MessageParams = Record<string, string | number>;

const folder = fileURLToPath(new URL('./locales', import.meta.url));
/** All 22 catalogues, read once at start-up; a missing key falls back to English. */
const catalogues = new Map<Language, Partial<Record<string, string>>>(
  readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, '') as Language)
    .filter((language) => (SUPPORTED_LANGUAGES as readonly string[]).includes(language))
    .map((language) => [language, JSON.parse(readFileSync(`${folder}/${language}.json`, 'utf8'))]),
);
const pluralRules = new Map<Language, Intl.PluralRules>();
const pluralRulesOf = (language: Language) =>
  pluralRules.get(language) ?? pluralRules.set(language, new Intl.PluralRules(toHttpLanguage(language))).get(language)!;

/** A language's text for a key: with a numeric `count`, the form of its plural category (as i18next picks it). */
function textOf(language: Language, key: MessageKey, count: unknown): string | undefined {
  const catalogue = catalogues.get(language);
  if (typeof count !== 'number') return catalogue?.[key];
  return catalogue?.[`${key}_${pluralRulesOf(language).select(count)}`] ?? catalogue?.[`${key}_other`] ?? catalogue?.[key];
}

const numberFormats = new Map<Language, Intl.NumberFormat>();
const numberFormatOf = (language: Language) =>
  numberFormats.get(language) ?? numberFormats.set(language, new Intl.NumberFormat(toHttpLanguage(language))).get(language)!;

/** `{{name}}`, and `{{name, number}}` formatted for the language (i18next's syntax, as the web app's messages use it). */
export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  const template = textOf(language, key, params?.count) ?? textOf(DEFAULT_LANGUAGE, key, params?.count) ?? key;
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*(?:,\s*(number)\s*)?\}\}/g, (whole, name: string, format?: string) => {
    if (!(name in params)) return whole;
    const value = params[name]!;
    return format && typeof value === 'number' ? numberFormatOf(language).format(value) : String(value);
  });
}

export const isMessageKey = (key: string): key is MessageKey => key in en || `${key}_other` in en;
