#!/usr/bin/env node
// Merges the shop screens' strings (issue 4) into every locale file: reads each file, sets only the keys listed in
// shop-strings.mjs, and writes it back at once (other namespaces, e.g. "account", are left as they are on disk).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGS, STRINGS } from './shop-strings.mjs';

const folder = fileURLToPath(new URL('../../src/locales/', import.meta.url));

for (const [index, lang] of LANGS.entries()) {
  const file = `${folder}${lang}.json`;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  for (const [path, values] of Object.entries(STRINGS)) {
    if (values.length !== LANGS.length) throw new Error(`${path}: ${values.length} translations, want ${LANGS.length}`);
    const parts = path.split('.');
    let node = json;
    for (const part of parts.slice(0, -1)) node = node[part] ??= {};
    node[parts.at(-1)] = values[index];
  }
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}
console.log(`${Object.keys(STRINGS).length} keys written to ${LANGS.length} locale files`);
