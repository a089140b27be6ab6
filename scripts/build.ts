// npm run build: the web app (Vite, a production bundle in apps/web/dist), the publisher's console (Vite, apps/console/dist,
// served at /console) and the server compiled to JavaScript
// (scripts/build/server.ts, apps/server/dist), which `npm run start:prod` runs. Each SPA's files get brotli and gzip
// copies the server sends as they are (scripts/build/precompress.ts).
// With --if-changed (npm start) a part whose sources did not change since its last build is skipped (scripts/build/freshness.ts).
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { isUpToDate, writeStamp } from './build/freshness.ts';
import { precompress } from './build/precompress.ts';
import { buildServer, SERVER_DIST, SERVER_SOURCES } from './build/server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const WEB_DIST = join(ROOT, 'apps/web/dist');
const WEB_SOURCES = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/contract/src', 'packages/contract/package.json', 'package-lock.json', 'scripts/build.ts', 'scripts/build'].map((path) => join(ROOT, path));

const CONSOLE_DIST = join(ROOT, 'apps/console/dist');
const CONSOLE_SOURCES = ['apps/console/src', 'apps/console/index.html', 'apps/console/vite.config.ts', 'apps/console/package.json', 'packages/contract/src', 'packages/contract/package.json', 'package-lock.json', 'scripts/build.ts', 'scripts/build'].map((path) => join(ROOT, path));

const onlyIfChanged = process.argv.includes('--if-changed');

async function buildPart(name: string, output: string, sources: string[], run: () => Promise<void> | void): Promise<void> {
  if (onlyIfChanged && isUpToDate(output, sources)) {
    console.log(`build: ${name} is up to date`);
    return;
  }
  const startedAt = new Date();
  await run();
  writeStamp(output, startedAt);
  console.log(`build: ${name} built in ${((Date.now() - startedAt.getTime()) / 1000).toFixed(1)} s`);
}

async function reportPrecompressed(name: string, dist: string): Promise<void> {
  const { files, bytes, brotliBytes, gzipBytes } = await precompress(dist);
  const kB = (n: number) => `${(n / 1000).toFixed(0)} kB`;
  console.log(`build: ${name}: ${files} files precompressed, ${kB(bytes)} -> ${kB(brotliBytes)} brotli, ${kB(gzipBytes)} gzip`);
}

await buildPart('web app', WEB_DIST, WEB_SOURCES, async () => {
  const vite = spawnSync('npm', ['run', 'build', '--workspace', '@shop/web'], { cwd: ROOT, stdio: 'inherit' });
  if (vite.status !== 0) throw new Error(`the web build failed (exit ${vite.status ?? vite.signal})`);
  await reportPrecompressed('web app', WEB_DIST);
});
await buildPart('console', CONSOLE_DIST, CONSOLE_SOURCES, async () => {
  const vite = spawnSync('npm', ['run', 'build', '--workspace', '@shop/console'], { cwd: ROOT, stdio: 'inherit' });
  if (vite.status !== 0) throw new Error(`the console build failed (exit ${vite.status ?? vite.signal})`);
  await reportPrecompressed('console', CONSOLE_DIST);
});
await buildPart('server', SERVER_DIST, SERVER_SOURCES, buildServer);
