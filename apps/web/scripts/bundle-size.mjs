#!/usr/bin/env node
// First-load JavaScript of the voucher page, gzip: the JS index.html loads (the entry and its static imports) plus the
// /voucher route chunk and its static imports, each file counted once. Reads dist/.vite/manifest.json (build.manifest).
// Usage: node apps/web/scripts/bundle-size.mjs [--json] [--budget=150]
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const ROUTE = 'src/features/voucher/routes/VoucherPage.tsx';
const args = process.argv.slice(2);
const json = args.includes('--json');
const budgetArg = args.find((arg) => arg.startsWith('--budget='));
const budget = budgetArg ? Number(budgetArg.slice('--budget='.length)) : 150;

if (!existsSync(manifestPath)) {
  console.error(`bundle-size: no ${manifestPath}; run "npm run build -w @shop/web" first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey) throw new Error('bundle-size: no index.html entry in the manifest');
if (!manifest[ROUTE]) throw new Error(`bundle-size: no ${ROUTE} chunk in the manifest`);

/** A chunk's file and, recursively, the files of its static imports. */
function collect(key, files) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
}

const files = new Set();
collect(entryKey, files);
collect(ROUTE, files);
const rows = [...files]
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const totalGzip = rows.reduce((sum, row) => sum + row.gzip, 0);
const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);
const kB = (bytes) => Math.round((bytes / 1000) * 100) / 100;

if (json) {
  console.log(JSON.stringify({ route: '/voucher', gzipKB: kB(totalGzip), rawKB: kB(totalRaw), budgetKB: budget, files: rows }));
} else {
  for (const row of rows) console.log(`${kB(row.gzip).toFixed(2).padStart(8)} kB gzip  ${row.file}`);
  console.log(`voucher first-load JS: ${kB(totalGzip).toFixed(2)} kB gzip (${kB(totalRaw).toFixed(2)} kB raw), budget ${budget} kB`);
}
process.exit(totalGzip / 1000 <= budget ? 0 : 2);
