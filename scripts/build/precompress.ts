// Brotli and gzip copies of a built SPA's files (ADR 0032, docs/adr/0032-first-load.md): `x.js.br` and
// `x.js.gz` next to `x.js`, which the server's @fastify/static (`preCompressed`) sends to a browser that accepts them, so
// no request pays for compression and the shop needs no proxy to be small on the wire. Compressed once, at the highest
// levels (brotli 11, gzip 9), which would be too slow per request. index.html is left out: the server adds the runtime
// configuration to it and compresses that page itself.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats a browser asks for; images like PNG and fonts like WOFF2 are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.wasm']);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;
/** A copy is written only when it is at least this much smaller than the file. */
const MAX_RATIO = 0.9;

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

function filesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // .vite holds the build manifest, which is not served
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) found.push(...filesUnder(path));
    } else if (COMPRESSIBLE.has(extname(entry.name))) found.push(path);
  }
  return found;
}

export async function precompress(dist: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = filesUnder(dist).filter((path) => relative(dist, path) !== 'index.html' && statSync(path).size >= MIN_BYTES);
  await Promise.all(
    files.map(async (path) => {
      const source = readFileSync(path);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      summary.files++;
      summary.bytes += source.length;
      // a copy that is not smaller is left out: the server then sends the file itself
      if (br.length <= source.length * MAX_RATIO) {
        writeFileSync(`${path}.br`, br);
        summary.brotliBytes += br.length;
      } else summary.brotliBytes += source.length;
      if (gz.length <= source.length * MAX_RATIO) {
        writeFileSync(`${path}.gz`, gz);
        summary.gzipBytes += gz.length;
      } else summary.gzipBytes += source.length;
    }),
  );
  return summary;
}
