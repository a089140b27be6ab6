import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '@shop/contract/languages';
import en from './locales/en.json' with { type: 'json' };

export type MessageKey = keyof typeof en;
export type MessageParams = Record<string, string | number>;

const folder = fileURLToPath(new URL('./locales', import.meta.url));
/** All 22 catalogues, read once at start-up; a missing key falls back to English. */
const catalogues = new Map<Language, Partial<Record<MessageKey, string>>>(
  readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, '') as Language)
    .filter((language) => (SUPPORTED_LANGUAGES as readonly string[]).includes(language))
    .map((language) => [language, JSON.parse(readFileSync(`${folder}/${language}.json`, 'utf8'))]),
);

export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  const template = catalogues.get(language)?.[key] ?? catalogues.get(DEFAULT_LANGUAGE)?.[key] ?? en[key];
  if (!params) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export const isMessageKey = (key: string): key is MessageKey => key in en;
