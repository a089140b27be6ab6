import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import { describe, expect, it } from 'vitest';
import { productionConfig } from '../test/production.ts';
import { startupBanner } from './banner.ts';
import { loadConfig } from './config.ts';

describe('start-up banner', () => {
  it('shows a developer the demo links, the API documentation and the sandbox', () => {
    const banner = startupBanner(loadConfig({ DATA_DIR: '/tmp/shop-data' }, SANDBOX_CREDENTIALS), 'pglite');
    expect(banner).toContain('Game web shop is running on http://localhost:8080 (development, database: pglite in /tmp/shop-data)');
    expect(banner).toContain('http://localhost:8080/voucher?appId=10030&roleId=10001001');
    expect(banner).toContain('demo-20001');
    expect(banner).toContain('http://localhost:8080/api/docs');
    expect(banner).toContain('http://localhost:8080/sandbox');
  });

  it("shows a newcomer the way into the shop: a voucher link signs in as the game's demo player, or register with the outbox's code", () => {
    const banner = startupBanner(loadConfig({ DATA_DIR: '/tmp/shop-data' }, SANDBOX_CREDENTIALS), 'pglite');
    expect(banner).toContain("The shop:               http://localhost:8080/home (signed in by opening a voucher link above first: that game's demo player;");
    expect(banner).toContain('register at http://localhost:8080/login/registeraccount: solve the slide puzzle, then read\n');
    expect(banner).toContain('the code sent to your e-mail or phone at http://localhost:8080/sandbox/outbox)');
    const config = loadConfig({ DATA_DIR: '/tmp/shop-data' }, SANDBOX_CREDENTIALS);
    const withoutSandbox = startupBanner({ ...config, sandbox: { embedded: false } }, 'pglite');
    expect(withoutSandbox).toContain('http://localhost:8080/home');
    expect(withoutSandbox).not.toContain('/sandbox/outbox');
  });

  it('prints only the public URL, the environment and the database kind in production', () => {
    expect(startupBanner(productionConfig({ DATABASE: 'postgres', DATABASE_URL: 'postgres://shop:secret@db:5432/shop' }), 'postgres')).toBe(
      'Game web shop is running on https://shop.example.com (production, database: postgres)',
    );
    expect(startupBanner(productionConfig({ DATA_DIR: '/var/lib/shop' }), 'pglite')).toBe(
      'Game web shop is running on https://shop.example.com (production, database: pglite)',
    );
  });
});
