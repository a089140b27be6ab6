import { DEFAULT_LANGUAGE, type Language } from '@shop/contract/languages';
import type { LocalizedText } from '../db/schema.ts';

/** Text in the requested language, else English, else any. */
export const pickLocalized = (text: LocalizedText, language: Language): string =>
  text[language] ?? text[DEFAULT_LANGUAGE] ?? Object.values(text)[0] ?? '';
