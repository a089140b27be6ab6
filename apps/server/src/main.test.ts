import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../test/production.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Starts the server process as production would, with a minimal environment; resolves when it exits. */
function startProduction(env: Record<string, string | undefined>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const merged = Object.fromEntries(Object.entries({ ...PRODUCTION_ENV, PORT: '0', ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...merged },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), 25_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, stderr, stdout });
    }),
  );
}

describe('the server process refuses a bad production configuration', () => {
  it('prints one message naming the variable, no stack trace, and exits 2', async () => {
    const cases: [Record<string, string | undefined>, RegExp][] = [
      [{ PAYERMAX_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nbroken\n-----END PRIVATE KEY-----' }, /PAYERMAX_PRIVATE_KEY: must be an RSA private key/],
      [{ PUBLIC_URL: 'http://localhost:8080', METRICS_TOKEN: undefined }, /METRICS_TOKEN: required in production[\s\S]*PUBLIC_URL: must be https in production/],
      [{ DATABASE: undefined, REDIS_URL: 'cache:6379' }, /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/],
      // a password from openssl rand -base64, not percent-encoded (the driver threw a bare "Invalid URL" with its stack)
      [{ DATABASE: 'postgres', DATABASE_URL: 'postgres://shop:k3/Zq+8w=@db:5432/shop' }, /DATABASE_URL: not a valid URL: percent-encode/],
    ];
    const runs = await Promise.all(cases.map(([env]) => startProduction(env)));
    runs.forEach((run, index) => {
      const [env, message] = cases[index]!;
      expect(run.code, `${JSON.stringify(env)}\n${run.stderr}${run.stdout}`).toBe(2);
      expect(run.stderr).toMatch(/^Invalid configuration:\n/);
      expect(run.stderr).toMatch(message);
      expect(run.stderr, 'no stack trace').not.toMatch(/^\s+at /m);
    });
  }, 60_000);
});

describe('the server process cannot reach its database at start', () => {
  it('says so in one line naming DATABASE_URL, no stack trace, and exits 1', async () => {
    const run = await startProduction({ DATABASE: 'postgres', DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop' });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^The database could not be reached \(DATABASE_URL\): /);
    expect(run.stderr, 'no stack trace').not.toMatch(/^\s+at /m);
  }, 30_000);
});
