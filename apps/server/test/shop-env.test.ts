import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadShopConfig } from '../src/load-config.ts';
import { filledShopEnv, valuesAsWritten } from './shop-env.ts';

/**
 * shop.env (from shop.env.example) is given to the server with `node --env-file=shop.env` (docs/deployment.md): not
 * sourced by a shell, which would run `MAIL_FROM=Game Shop <...>` as a command and strip the JSON's quotes.
 */
describe('shop.env.example, filled in, read with node --env-file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'shop-env-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const file = join(folder, 'shop.env');
  const text = filledShopEnv({ SHOP_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', DATABASE_URL: `postgres://shop:${encodeURIComponent('k3/Zq+8w=')}@db:5432/shop` });
  writeFileSync(file, text);
  const loaded = spawnSync(process.execPath, [`--env-file=${file}`, '-e', 'process.stdout.write(JSON.stringify(process.env))'], { env: { PATH: process.env.PATH }, encoding: 'utf8' });

  it('gives the server every value exactly as the file writes it (spaces, angle brackets, JSON quotes)', () => {
    expect(loaded.status, loaded.stderr).toBe(0);
    const env = JSON.parse(loaded.stdout) as Record<string, string>;
    const written = valuesAsWritten(text);
    expect(Object.keys(written).length).toBeGreaterThan(30);
    expect(written.MAIL_FROM).toBe('Game Shop <no-reply@shop.example.com>');
    expect(written.GAME_SERVER_SECRETS).toMatch(/^\{"10030": "game-secret-/);
    for (const [name, value] of Object.entries(written)) expect(env[name], name).toBe(value);
  });

  it('is a whole production configuration', async () => {
    const env = JSON.parse(loaded.stdout) as NodeJS.ProcessEnv;
    const config = await loadShopConfig(env);
    expect(config.environment).toBe('production');
    expect(config.database.url).toBe(env.DATABASE_URL);
  });
});
