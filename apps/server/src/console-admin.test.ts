import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** console-admin.ts as its own process, with no configuration at all: these answers come before it reads any. */
const consoleAdmin = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/console-admin.ts', ...args], { cwd: ROOT, env: { PATH: process.env.PATH }, encoding: 'utf8', timeout: 30_000 });

describe('console-admin on the command line', () => {
  it('answers --help with its usage and exits 0', () => {
    const run = consoleAdmin('--help');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^usage: console:admin --email <address> \[--name <name>\]/);
    expect(run.stdout).toContain('--demo-code');
  });

  it('names an unknown option or a missing value in one line, with the usage and no stack trace, and exits 2', () => {
    for (const [args, message] of [
      [['--mail', 'ops@example.com'], /^Unknown option '--mail'/],
      [['--email'], /^Option '--email <value>' argument missing/],
      [['--email', 'not-an-address'], /^email: a valid e-mail address is required/],
    ] as const) {
      const run = consoleAdmin(...args);
      expect(run.status, `${args.join(' ')}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).toContain('usage: console:admin');
      expect(run.stderr, 'no stack trace').not.toMatch(/^\s+at /m);
    }
  });
});
