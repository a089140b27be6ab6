#!/usr/bin/env node
// Every language file has exactly the keys of English and is really translated: the web UI's and the server's messages.
// Counts take plural forms (i18next's key_one, key_few, ...). Every language file carries the same keys, so a plural group
// has in every language the forms any of our languages needs (the union of their CLDR categories: one, few, many, other);
// i18next and the server pick the form by the language's own categories (Intl.PluralRules), and a form the language never
// picks must repeat its `_other` text (no text that can never be shown diverges). `{{count}}` appears in plural groups
// only, and an English text where a number is followed by a word must be a plural group.
import { existsSync, readFileSync } from 'node:fs';

const LANGS = ['en', 'de', 'fr', 'it', 'pl', 'ru', 'ja', 'ko', 'es', 'pt', 'uk', 'da', 'id', 'th', 'tr', 'nl', 'no', 'sv', 'vi', 'el', 'zh', 'zh_TW'];
const FOLDERS = ['apps/web/src/locales', 'apps/server/src/i18n/locales'];
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** Placeholders that are never a count of something (names, codes, dates): "{{game}} has" needs no plural forms. */
const NOT_COUNTS = new Set(['name', 'game', 'server', 'role', 'number', 'message', 'code', 'time', 'date', 'orderSn', 'productSn', 'first', 'fields', 'appId', 'id']);

function flatten(value, prefix = '', out = {}) {
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (inner && typeof inner === 'object') flatten(inner, path, out);
    else out[path] = String(inner);
  }
  return out;
}
/** `{{name}}` and `{{count, number}}` (i18next's formatted interpolation) alike. */
const placeholderNames = (text) => [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]);
const placeholders = (text) => placeholderNames(text).sort().join(',');
const categoriesOf = (lang) => new Intl.PluralRules(lang.replace('_', '-')).resolvedOptions().pluralCategories.slice().sort();
const baseOf = (key) => key.replace(PLURAL_SUFFIX, '');
/** The forms every plural group carries in every language: each form some language's CLDR rules pick. */
const ALL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'].filter((form) => LANGS.some((lang) => categoriesOf(lang).includes(form))).sort();

let problems = 0;
const report = (text) => {
  problems++;
  console.log(text);
};

for (const folder of FOLDERS) {
  const read = (lang) => {
    const file = `${folder}/${lang}.json`;
    return existsSync(file) ? flatten(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
  };
  const en = read('en');
  if (!en) {
    report(`${folder}: no en.json`);
    continue;
  }
  const groups = [...new Set(Object.keys(en).filter((key) => PLURAL_SUFFIX.test(key)).map(baseOf))];
  const plain = Object.keys(en).filter((key) => !PLURAL_SUFFIX.test(key));

  // English: counts in plural groups, and nowhere else
  for (const key of plain) {
    if (placeholderNames(en[key]).includes('count')) report(`${folder}/en.json: ${key} uses {{count}} but is not a plural group (${key}_one, ${key}_other)`);
    // an English plural noun right after a number, or one word later: "{{max}} items", "{{max}} unpaid orders"
    for (const [, name] of en[key].matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}\s+(?:\p{L}+\s+)?\p{L}{2,}s\b/gu)) {
      if (!NOT_COUNTS.has(name)) report(`${folder}/en.json: ${key} puts a word after {{${name}}}: a count needs plural forms ("${en[key]}")`);
    }
  }

  for (const lang of LANGS) {
    const t = lang === 'en' ? en : read(lang);
    if (!t) {
      report(`${folder}/${lang}.json: missing`);
      continue;
    }
    const categories = categoriesOf(lang);
    for (const base of groups) {
      const forms = Object.keys(t).filter((key) => baseOf(key) === base && PLURAL_SUFFIX.test(key)).map((key) => PLURAL_SUFFIX.exec(key)[1]).sort();
      if (forms.join() !== ALL_FORMS.join()) report(`${folder}/${lang}.json: ${base} has the plural forms [${forms}], every language carries [${ALL_FORMS}]`);
      for (const form of forms) {
        const text = t[`${base}_${form}`];
        if (!categories.includes(form) && text !== t[`${base}_other`]) report(`${folder}/${lang}.json: ${base}_${form} is never picked in ${lang} and must repeat ${base}_other`);
        if (placeholders(text) !== placeholders(en[`${base}_other`])) report(`${folder}/${lang}.json: ${base}_${form} has other placeholders than English`);
        if (!placeholderNames(text).includes('count') && form === 'other') report(`${folder}/${lang}.json: ${base}_other does not show {{count}}`);
      }
    }
    if (lang === 'en') continue;
    const missing = plain.filter((k) => !(k in t) || !t[k].trim());
    const extra = Object.keys(t).filter((k) => !(PLURAL_SUFFIX.test(k) ? groups.includes(baseOf(k)) : k in en));
    const badPlaceholders = plain.filter((k) => k in t && placeholders(en[k]) !== placeholders(t[k]));
    const untranslated = plain.filter((k) => t[k] === en[k] && /[a-z]{4,}\s+[a-z]{3,}/i.test(en[k]));
    if (missing.length || extra.length || badPlaceholders.length || untranslated.length / plain.length > 0.1) {
      report(
        `${folder}/${lang}.json: ${missing.length} missing, ${extra.length} extra, ${badPlaceholders.length} with other placeholders, ${untranslated.length} left in English` +
          ` ${[...missing, ...extra, ...badPlaceholders].slice(0, 5).join(' ')}`,
      );
    }
  }
  console.log(`${folder}: ${plain.length} keys and ${groups.length} plural groups x ${LANGS.length} languages checked`);
}
process.exit(problems ? 1 : 0);
