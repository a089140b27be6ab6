// First-load JavaScript of the voucher page (gzip): apps/web's own bundle-size script when it exists, else the same
// computation here (index.html's scripts and modulepreloads plus the voucher route chunk and its static imports).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleResult {
  gzipKB: number;
  /** What was printed (the bundle-size script's output, or our own listing). */
  text: string;
  source: string;
}

const ROUTE = 'src/features/voucher/routes/VoucherPage.tsx';

export function firstLoadJs(webDir: string): BundleResult | { unavailable: string } {
  const dist = join(webDir, 'dist');
  if (!existsSync(join(dist, 'index.html'))) return { unavailable: 'apps/web/dist/index.html missing (web not built)' };
  const script = join(webDir, 'scripts', 'bundle-size.mjs');
  if (existsSync(script)) {
    const plain = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 60_000 });
    const json = spawnSync(process.execPath, [script, '--json'], { encoding: 'utf8', timeout: 60_000 });
    const text = `${plain.stdout ?? ''}${plain.stderr ?? ''}`.replace(/^\n+/, '').trimEnd();
    // Exit code 2 only means "over budget"; anything else without output is a failure of the script.
    try {
      const parsed = JSON.parse((json.stdout ?? '').trim().split('\n').pop() ?? '') as { gzipKB?: number };
      if (typeof parsed.gzipKB === 'number') return { gzipKB: parsed.gzipKB, text, source: 'apps/web/scripts/bundle-size.mjs' };
    } catch {
      // fall through to the message below
    }
    const fromText = /([\d.]+) kB gzip \(/.exec(text);
    if (fromText) return { gzipKB: Number(fromText[1]), text, source: 'apps/web/scripts/bundle-size.mjs' };
    return { unavailable: `bundle-size.mjs failed (exit ${plain.status}): ${text.split('\n').slice(-3).join(' | ')}` };
  }
  return computeOurselves(dist);
}

function computeOurselves(dist: string): BundleResult | { unavailable: string } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/?([^"]+\.js)"[^>]*>/g)) {
    const tag = match[0];
    if (tag.startsWith('<link') && !/rel="modulepreload"/.test(tag)) continue;
    files.add(match[1]!);
  }
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; imports?: string[] }>;
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const next of chunk.imports ?? []) visit(next);
    };
    visit(ROUTE);
  }
  const rows = [...files].map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }));
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const gzipKB = Math.round(total / 10) / 100;
  const text = [...rows.map((r) => `${(r.gzip / 1000).toFixed(2).padStart(8)} kB gzip  ${r.file}`), `total ${gzipKB} kB gzip`].join('\n');
  return { gzipKB, text, source: 'computed from dist/index.html + manifest' };
}
