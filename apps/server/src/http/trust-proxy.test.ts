import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, startShop, type TestShop } from '../../test/harness.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { parseTrustProxy } from './trust-proxy.ts';

describe('TRUST_PROXY', () => {
  it('reads nothing, false and 0 as "no proxy", and a list of addresses/CIDRs', () => {
    for (const off of [undefined, '', 'false', '0', ' FALSE ']) expect(parseTrustProxy(off)).toEqual({ value: false });
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,fd00::/8 , ::1,loopback')).toEqual({ value: ['10.0.0.0/8', '127.0.0.1', 'fd00::/8', '::1', 'loopback'] });
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }, SANDBOX_CREDENTIALS).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({}, SANDBOX_CREDENTIALS).trustProxy).toBe(false);
  });

  it('refuses true, hop counts and anything that is not an address, naming the accepted form', () => {
    for (const [value, named] of [
      ['true', 'true'],
      ['1', 'hop count'],
      ['2', 'hop count'],
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['10.0.0.1, proxy.internal', 'proxy.internal'],
      ['10.0.0.1,,10.0.0.2', '""'],
      ['1.2.3.4/8/1', '1.2.3.4/8/1'],
    ]) {
      try {
        loadConfig({ TRUST_PROXY: value }, SANDBOX_CREDENTIALS);
        expect.unreachable(value);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as Error).message).toContain('TRUST_PROXY');
        expect((error as Error).message).toContain(named);
        expect((error as Error).message).toContain("give the proxies' addresses or CIDRs");
      }
    }
  });
});

/**
 * The shop is reached from 127.0.0.1 (the proxy, here the test itself). A client puts 6.6.6.x in X-Forwarded-For; the
 * proxy appends the address it saw, 1.2.3.4. The per-IP captcha limit must count 1.2.3.4, whatever the client wrote.
 */
describe.each(BACKENDS.flatMap((backend) => ['127.0.0.1', '10.0.0.0/8,127.0.0.0/8'].map((trustProxy) => [backend, trustProxy] as const)))(
  'client IP behind a trusted proxy (%s, TRUST_PROXY=%s)',
  (backend, trustProxy) => {
    let shop: TestShop;
    beforeAll(async () => {
      shop = await startShop(backend, { TRUST_PROXY: trustProxy, CAPTCHA_IP_HOURLY_LIMIT: '2' });
    });
    afterAll(() => shop.close());

    const puzzle = (forwardedFor: string) => shop.api('GET', '/api/common/captcha', { headers: { 'x-forwarded-for': forwardedFor } });

    it('takes the address the proxy appended, so spoofed X-Forwarded-For entries do not escape per-IP limits', async () => {
      expect((await puzzle('6.6.6.1, 1.2.3.4')).status).toBe(200);
      expect((await puzzle('6.6.6.2, 1.2.3.4')).status).toBe(200);
      const third = await puzzle('6.6.6.3, 1.2.3.4');
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ code: 429, message: expect.any(String), data: null });
      const counted = await shop.services.db.execute(sql`SELECT DISTINCT ip FROM captcha_challenges`);
      expect((counted as unknown as { rows: { ip: string }[] }).rows.map((row) => row.ip)).toEqual(['1.2.3.4']);
      // Another client behind the same proxy has its own allowance.
      expect((await puzzle('6.6.6.3, 5.6.7.8')).status).toBe(200);
    });
  },
);

describe.each(BACKENDS)('client IP of a direct caller (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    // The proxies live in 10.0.0.0/8; the test reaches the shop from 127.0.0.1, past them.
    shop = await startShop(backend, { TRUST_PROXY: '10.0.0.0/8', CAPTCHA_IP_HOURLY_LIMIT: '2' });
  });
  afterAll(() => shop.close());

  it('ignores the X-Forwarded-For of a peer that is not a trusted proxy', async () => {
    const statuses = [];
    for (const forwardedFor of ['6.6.6.1', '6.6.6.2', '6.6.6.3, 10.0.0.1'])
      statuses.push((await shop.api('GET', '/api/common/captcha', { headers: { 'x-forwarded-for': forwardedFor } })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
