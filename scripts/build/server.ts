// Compiles the server to JavaScript with esbuild (ADR 0022, docs/adr/0022-production-build.md): one ES module bundle with
// source maps in apps/server/dist, the workspace packages bundled in, npm packages left as imports.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '../..');
export const SERVER_DIST = join(ROOT, 'apps/server/dist');
/** Everything the server build reads: a change here makes `npm start` rebuild it. */
export const SERVER_SOURCES = ['apps/server/src', 'apps/server/package.json', 'apps/sandbox/src', 'apps/sandbox/package.json', 'packages/contract/src', 'packages/contract/package.json', 'package-lock.json', 'scripts/build.ts', 'scripts/build'].map((path) => join(ROOT, path));

/**
 * npm packages stay imports, resolved from node_modules at run time (`npm ci --omit=dev` installs them); the workspace
 * packages (`@shop/*`) export TypeScript source, which Node 20 cannot load, so they are compiled into the bundle.
 */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path }) => (path.startsWith('@shop/') ? undefined : { path, external: true }));
  },
};

export async function buildServer(): Promise<void> {
  rmSync(SERVER_DIST, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'apps/server/src/main.ts', 'console-admin': 'apps/server/src/console-admin.ts' },
    outdir: SERVER_DIST,
    bundle: true,
    // the lazy imports (the sandbox, either database driver) stay lazy: chunks loaded on first use, next to main.js
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  });
  copyFilesReadAtRunTime(Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/')));
}

/**
 * The sources read files next to themselves at run time with `new URL('./name', import.meta.url)` (the SQL migrations,
 * the server's locale files, the sandbox's scripts). In the bundle `import.meta.url` is a file in apps/server/dist, so
 * each such file or folder is copied there under the same relative name. A path leaving the source's folder
 * (`../../web/dist` from apps/server/src) must land on the same place from apps/server/dist, which holds for the same
 * folder depth; the build fails if it does not, and if two sources want different files under one name.
 */
function copyFilesReadAtRunTime(sourceFiles: string[]): void {
  const copied = new Map<string, string>();
  for (const sourceFile of sourceFiles) {
    const text = readFileSync(join(ROOT, sourceFile), 'utf8');
    for (const [, path] of text.matchAll(/new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g)) {
      if (!path) continue;
      const from = resolve(ROOT, dirname(sourceFile), path);
      const to = resolve(SERVER_DIST, path);
      if (path.startsWith('../')) {
        if (from !== to) throw new Error(`${sourceFile}: '${path}' points elsewhere from ${relative(ROOT, SERVER_DIST)}; read it another way`);
        continue;
      }
      const earlier = copied.get(to);
      if (earlier && earlier !== from) throw new Error(`${sourceFile}: '${path}' is also ${relative(ROOT, earlier)} in the bundle; rename one`);
      if (earlier) continue;
      cpSync(from, to, { recursive: true });
      copied.set(to, from);
    }
  }
}
