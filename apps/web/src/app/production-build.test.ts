import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * `npm start` builds the web app with `npm run build --workspace @shop/web` (scripts/build.ts) in whatever environment
 * the shell has. A shell with NODE_ENV=development exported once made Vite build React's development code (a 510 kB
 * entry, every effect run twice, three quick logins per voucher page). The build must be a production build anyway:
 * today Preact's (vite.config.ts), whose development build adds preact/debug and its devtools hook.
 */
describe('the web build with NODE_ENV=development in the shell', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'web-build-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("is Preact's production build", { timeout: 120_000 }, () => {
    const build = spawnSync('npm', ['run', 'build', '--workspace', '@shop/web', '--', '--outDir', outDir, '--emptyOutDir'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'development' },
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    const scripts = readdirSync(join(outDir, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(outDir, 'assets', file), 'utf8'))
      .join('\n');
    expect(scripts.length, 'the app').toBeGreaterThan(100_000);
    // preact/compat stands in for react-dom: react-dom itself is not bundled, in either of its builds
    expect(scripts.includes('Minified React error') || scripts.includes('Each child in a list should have a unique'), 'react-dom').toBe(false);
    // the development build checks children's keys (preact/debug) and connects to the devtools
    expect(scripts.includes('Following component has two or more children with the same key'), 'preact/debug').toBe(false);
    expect(scripts.includes('__PREACT_DEVTOOLS__'), 'Preact devtools hook').toBe(false);
    expect(scripts.includes('jsxDEV'), 'development JSX runtime').toBe(false);
  });
});
