import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

const SCRIPT = `export const names = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `name-${i % 17}`))};\n`;
let dist: string;
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes brotli and gzip copies of the text files a browser loads, and nothing else', async () => {
    dist = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'goods'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), `<html>${SCRIPT}</html>`);
    writeFileSync(join(dist, 'assets', 'app-1.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'app-1.css'), `.a{color:red}\n`.repeat(100));
    writeFileSync(join(dist, 'assets', 'tiny-1.js'), 'export const a = 1;');
    writeFileSync(join(dist, 'goods', 'gem.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(40)}</svg>`);
    writeFileSync(join(dist, 'goods', 'photo.png'), Buffer.alloc(4096, 7));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({ x: SCRIPT }));

    const summary = await precompress(dist);

    expect(summary.files).toBe(3);
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets', 'app-1.js.br'))).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(join(dist, 'assets', 'app-1.js.gz'))).toString()).toBe(SCRIPT);
    expect(readFileSync(join(dist, 'assets', 'app-1.js.br')).length).toBeLessThan(SCRIPT.length / 4);
    for (const copy of ['assets/app-1.css.br', 'assets/app-1.css.gz', 'goods/gem.svg.br', 'goods/gem.svg.gz']) expect(existsSync(join(dist, copy)), copy).toBe(true);
    // the server compresses index.html itself; tiny files, images and the build manifest get no copies
    for (const file of ['index.html', 'assets/tiny-1.js', 'goods/photo.png', '.vite/manifest.json']) {
      expect(existsSync(join(dist, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dist, `${file}.gz`)), file).toBe(false);
    }
    expect(summary.brotliBytes).toBeLessThan(summary.bytes);
  });
});
