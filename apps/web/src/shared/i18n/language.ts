import { DEFAULT_LANGUAGE, normalizeLanguage, toHttpLanguage, type Language } from '@shop/contract/languages';
import { localStore, type KeyValueStorage } from '../storage/storage';

/** Local-storage key of the chosen language (remembered across visits). */
export const LANGUAGE_KEY = 'language';

export interface LanguageSources {
  /** The `language` query parameter. */
  query?: string | null;
  /** The saved language. */
  stored?: string | null;
  /** navigator.languages (or [navigator.language]). */
  browser?: readonly string[];
}

/** Query, then saved storage, then the browser's languages, then en; each through the contract's normalizeLanguage. */
export function resolveLanguage(sources: LanguageSources): Language {
  const candidates = [sources.query, sources.stored, ...(sources.browser ?? [])];
  for (const candidate of candidates) {
    const language = normalizeLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

let current: Language = DEFAULT_LANGUAGE;

/** The active UI language (what the API client sends as Accept-Language). */
export const getLanguage = (): Language => current;

export function setLanguage(language: Language, storage: KeyValueStorage = localStore()): void {
  current = language;
  try {
    storage.setItem(LANGUAGE_KEY, language);
  } catch {
    // not persisted: still active for this page
  }
}

/** The Accept-Language value: underscore replaced by hyphen (zh_TW -> zh-TW). */
export const acceptLanguage = (language: Language = current): string => toHttpLanguage(language);

/** Resolves the language for this page load from the URL, storage and browser. */
export function detectLanguage(
  search: string,
  storage: KeyValueStorage = localStore(),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
): Language {
  return resolveLanguage({
    query: new URLSearchParams(search).get('language'),
    stored: storage.getItem(LANGUAGE_KEY),
    browser,
  });
}
