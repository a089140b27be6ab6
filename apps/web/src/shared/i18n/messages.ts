import type { Language } from '@shop/contract/languages';

export type Messages = Record<string, unknown>;

// One chunk per language: only the active one is downloaded.
const loaders = import.meta.glob<Messages>('../../locales/*.json', { import: 'default' });

/** The messages of a language (en when there are none); the same chunk for every caller, downloaded once. */
export async function loadMessages(language: Language): Promise<Messages> {
  const load = loaders[`../../locales/${language}.json`] ?? loaders['../../locales/en.json'];
  if (!load) throw new Error(`no messages for ${language}`);
  return load();
}
