#!/usr/bin/env node
// Every language file has exactly the keys of English and is really translated: the web UI's and the server's messages.
import { existsSync, readFileSync } from 'node:fs';

const LANGS = ['en', 'de', 'fr', 'it', 'pl', 'ru', 'ja', 'ko', 'es', 'pt', 'uk', 'da', 'id', 'th', 'tr', 'nl', 'no', 'sv', 'vi', 'el', 'zh', 'zh_TW'];
const FOLDERS = ['apps/web/src/locales', 'apps/server/src/i18n/locales'];

function flatten(value, prefix = '', out = {}) {
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (inner && typeof inner === 'object') flatten(inner, path, out);
    else out[path] = String(inner);
  }
  return out;
}
const placeholders = (text) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort().join(',');

let problems = 0;
for (const folder of FOLDERS) {
  const read = (lang) => {
    const file = `${folder}/${lang}.json`;
    return existsSync(file) ? flatten(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
  };
  const en = read('en');
  if (!en) {
    console.log(`${folder}: no en.json`);
    problems++;
    continue;
  }
  for (const lang of LANGS.slice(1)) {
    const t = read(lang);
    if (!t) {
      console.log(`${folder}/${lang}.json: missing`);
      problems++;
      continue;
    }
    const missing = Object.keys(en).filter((k) => !(k in t) || !t[k].trim());
    const extra = Object.keys(t).filter((k) => !(k in en));
    const badPlaceholders = Object.keys(en).filter((k) => k in t && placeholders(en[k]) !== placeholders(t[k]));
    const untranslated = Object.keys(en).filter((k) => t[k] === en[k] && /[a-z]{4,}\s+[a-z]{3,}/i.test(en[k]));
    if (missing.length || extra.length || badPlaceholders.length || untranslated.length / Object.keys(en).length > 0.1) {
      problems++;
      console.log(
        `${folder}/${lang}.json: ${missing.length} missing, ${extra.length} extra, ${badPlaceholders.length} with other placeholders, ${untranslated.length} left in English` +
          ` ${[...missing, ...extra, ...badPlaceholders].slice(0, 5).join(' ')}`,
      );
    }
  }
  console.log(`${folder}: ${Object.keys(en).length} keys x ${LANGS.length} languages checked`);
}
process.exit(problems ? 1 : 0);
