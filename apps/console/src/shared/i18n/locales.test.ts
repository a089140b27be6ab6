import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The console speaks English and Simplified Chinese (i18n.ts): every string file of the app and of each feature has the
 * same keys in both, with the same placeholders, and the Chinese is a translation, not an English copy. Plural forms:
 * English has `_one` and `_other`, Chinese only `_other`; both count as the key without its suffix.
 */
const SRC = join(import.meta.dirname, '../..');
const FOLDERS = [join(SRC, 'app/locales'), ...readdirSync(join(SRC, 'features')).map((feature) => join(SRC, 'features', feature, 'locales'))];

function flatten(value: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (inner && typeof inner === 'object') flatten(inner, path, out);
    else out[path.replace(/_(one|other)$/, '')] = String(inner);
  }
  return out;
}
const read = (folder: string, language: string) => flatten(JSON.parse(readFileSync(join(folder, `${language}.json`), 'utf8')));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('console strings', () => {
  it.each(FOLDERS.map((folder) => [folder.slice(SRC.length + 1), folder]))('%s: the same keys and placeholders in English and Chinese, translated', (_, folder) => {
    const en = read(folder, 'en');
    const zh = read(folder, 'zh');
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      expect(placeholders(zh[key]!), key).toEqual(placeholders(en[key]!));
      // two English words in a row left as they are is an untranslated string (names such as "PayPal" are fine)
      if (/[a-z]{3,}\s+[a-z]{3,}/i.test(en[key]!)) expect(zh[key], key).not.toBe(en[key]);
    }
  });
});
