import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import { ConfigError, loadConfig } from './config.ts';
import { PRODUCTION_ENV, productionConfig } from '../test/production.ts';

/** Issue 11: production refuses bad values with one message naming the variable (main.ts prints it and exits 2). */
const refusal = (env: Record<string, string | undefined>, base: Record<string, string> = PRODUCTION_ENV): string => {
  const merged = Object.fromEntries(Object.entries({ ...base, ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  try {
    loadConfig(merged, SANDBOX_CREDENTIALS);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${JSON.stringify(env)}`);
};

const keys = SANDBOX_CREDENTIALS.payermax;
const pemBody = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

describe('production configuration', () => {
  it('accepts the complete test configuration', () => {
    expect(productionConfig()).toMatchObject({ environment: 'production', publicUrl: 'https://shop.example.com', database: { url: undefined } });
  });

  describe('PayerMax keys are parsed at load time', () => {
    it('refuses a malformed private or public key, naming the variable but never echoing the key', () => {
      const garbage = refusal({ PAYERMAX_PRIVATE_KEY: 'not-a-key-secret-garbage' });
      expect(garbage).toMatch(/PAYERMAX_PRIVATE_KEY: must be an RSA private key/);
      expect(garbage).not.toContain('secret-garbage');
      const truncated = keys.merchantPrivateKeyPem.slice(0, 200) + '\n-----END PRIVATE KEY-----';
      expect(refusal({ PAYERMAX_PRIVATE_KEY: truncated })).toMatch(/PAYERMAX_PRIVATE_KEY: must be an RSA private key/);
      expect(refusal({ PAYERMAX_PLATFORM_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----' })).toMatch(
        /PAYERMAX_PLATFORM_PUBLIC_KEY: must be an RSA public key/,
      );
    });

    it('refuses a private key given as the platform key, our own public key, and keys that are not RSA', () => {
      expect(refusal({ PAYERMAX_PLATFORM_PUBLIC_KEY: keys.merchantPrivateKeyPem })).toMatch(/PAYERMAX_PLATFORM_PUBLIC_KEY: is a private key/);
      const ownPublic = createPublicKey(keys.merchantPrivateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
      expect(refusal({ PAYERMAX_PLATFORM_PUBLIC_KEY: ownPublic })).toMatch(/PAYERMAX_PLATFORM_PUBLIC_KEY: is the public half of PAYERMAX_PRIVATE_KEY/);
      const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      expect(refusal({ PAYERMAX_PRIVATE_KEY: ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() })).toMatch(
        /PAYERMAX_PRIVATE_KEY: is not an RSA key \(ec\)/,
      );
    });

    it("accepts PEM and the dashboard's bare base64, in every environment", () => {
      expect(() => productionConfig({ PAYERMAX_PRIVATE_KEY: pemBody(keys.merchantPrivateKeyPem), PAYERMAX_PLATFORM_PUBLIC_KEY: pemBody(keys.platformPublicKeyPem) })).not.toThrow();
      expect(() => loadConfig({ PAYERMAX_PRIVATE_KEY: 'garbage' }, SANDBOX_CREDENTIALS)).toThrow(/PAYERMAX_PRIVATE_KEY/);
    });
  });

  describe('PUBLIC_URL', () => {
    it('is required in production and must be a public https origin there', () => {
      expect(refusal({ PUBLIC_URL: undefined })).toMatch(/PUBLIC_URL: required in production/);
      expect(refusal({ PUBLIC_URL: 'http://shop.example.com' })).toMatch(/PUBLIC_URL: must be https in production/);
      for (const local of ['https://localhost', 'https://localhost:8443', 'https://127.0.0.1', 'https://127.0.1.1:8080', 'https://[::1]', 'https://0.0.0.0', 'https://shop.localhost']) {
        expect(refusal({ PUBLIC_URL: local }), local).toMatch(/PUBLIC_URL: must be the public address in production, not localhost/);
      }
      expect(productionConfig({ PUBLIC_URL: 'https://shop.example.com:8443/' }).publicUrl).toBe('https://shop.example.com:8443');
    });

    it('is an origin in every environment: no path, query or credentials', () => {
      expect(refusal({ PUBLIC_URL: 'https://example.com/shop' })).toMatch(/PUBLIC_URL: must be the origin only.*e\.g\. https:\/\/example\.com\)/);
      expect(refusal({ PUBLIC_URL: 'https://example.com/?a=1' })).toMatch(/PUBLIC_URL: must be the origin only/);
      expect(refusal({ PUBLIC_URL: 'https://user:pw@example.com' })).toMatch(/PUBLIC_URL: must be the origin only/);
      expect(refusal({ PUBLIC_URL: 'ftp://example.com' })).toMatch(/PUBLIC_URL: must be an https:\/\/ URL/);
      expect(refusal({ PUBLIC_URL: 'shop.example.com' })).toMatch(/PUBLIC_URL: Invalid URL/);
      expect(() => loadConfig({ PUBLIC_URL: 'http://localhost:5173/app' }, SANDBOX_CREDENTIALS)).toThrow(/PUBLIC_URL: must be the origin only/);
      expect(loadConfig({ PUBLIC_URL: 'http://localhost:5173/' }, SANDBOX_CREDENTIALS).publicUrl).toBe('http://localhost:5173');
    });
  });

  describe('the database', () => {
    const { DATABASE: _embedded, DATA_DIR: _dataDir, ...withoutDatabase } = PRODUCTION_ENV;

    it('needs DATABASE_URL in production unless the embedded database is chosen with DATABASE=embedded', () => {
      expect(refusal({}, withoutDatabase)).toMatch(/DATABASE_URL: required in production \(or DATABASE=embedded/);
      expect(refusal({ DATA_DIR: '/var/lib/shop' }, withoutDatabase)).toMatch(/DATABASE_URL: required in production/);
      const postgres = loadConfig({ ...withoutDatabase, DATABASE_URL: 'postgres://shop@db:5432/shop' }, SANDBOX_CREDENTIALS);
      expect(postgres.database.url).toBe('postgres://shop@db:5432/shop');
      expect(loadConfig({ ...withoutDatabase, DATABASE: 'embedded', DATA_DIR: '/var/lib/shop' }, SANDBOX_CREDENTIALS).database).toMatchObject({ url: undefined, dataDir: '/var/lib/shop' });
    });

    it('refuses contradictions and unknown choices in every environment', () => {
      expect(refusal({ DATABASE_URL: 'postgres://shop@db:5432/shop' })).toMatch(/DATABASE: is embedded but DATABASE_URL is set too/);
      expect(refusal({ DATABASE: 'postgres' })).toMatch(/DATABASE_URL: required with DATABASE=postgres/);
      expect(refusal({ DATABASE: 'sqlite' })).toMatch(/DATABASE: Invalid option/);
      expect(() => loadConfig({ DATABASE: 'postgres' }, SANDBOX_CREDENTIALS)).toThrow(/DATABASE_URL: required with DATABASE=postgres/);
      expect(loadConfig({}, SANDBOX_CREDENTIALS).database.url).toBeUndefined();
    });
  });

  it('needs METRICS_TOKEN (32+ characters) and MAIL_FROM in production', () => {
    expect(refusal({ METRICS_TOKEN: undefined })).toMatch(/METRICS_TOKEN: required in production/);
    expect(refusal({ METRICS_TOKEN: 'short' })).toMatch(/METRICS_TOKEN: must be at least 32 characters/);
    expect(refusal({ MAIL_FROM: undefined })).toMatch(/MAIL_FROM: required in production/);
    expect(loadConfig({}, SANDBOX_CREDENTIALS).metricsToken).toBeUndefined();
    expect(loadConfig({}, SANDBOX_CREDENTIALS).notifications.mailFrom).toBe('Game Shop <no-reply@localhost>');
  });

  it('needs https for the providers and the captcha in production', () => {
    for (const name of ['PAYPAL_BASE_URL', 'XSOLLA_API_BASE_URL', 'XSOLLA_PAYSTATION_URL', 'XSOLLA_SCRIPT_URL', 'PAYERMAX_GATEWAY_URL', 'GEETEST_API_URL', 'GEETEST_SCRIPT_URL']) {
      expect(refusal({ [name]: 'http://provider.example.com/x' }), name).toContain(`${name}: must be an https:// URL in production`);
    }
    expect(() => loadConfig({ PAYPAL_BASE_URL: 'http://127.0.0.1:9/paypal' }, SANDBOX_CREDENTIALS)).not.toThrow();
  });

  it("refuses nonsense in issue 10's variables, naming each", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ CAPTCHA_PROVIDER: 'recaptcha' }, /CAPTCHA_PROVIDER: Invalid option/],
      [{ CAPTCHA_PROVIDER: 'in-house' }, /CAPTCHA_PROVIDER: the in-house slide puzzle is refused in production/],
      [{ GEETEST_API_URL: 'gcaptcha4.geetest.com' }, /GEETEST_API_URL: Invalid URL/],
      [{ TRUST_PROXY: 'true' }, /TRUST_PROXY: "true" would trust any X-Forwarded-For/],
      [{ TRUST_PROXY: '2' }, /TRUST_PROXY: a hop count/],
      [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY: not an address or CIDR: "10.0.0.0\/33"/],
      [{ RATE_LIMIT_LOGIN_PER_IP: 'many' }, /RATE_LIMIT_LOGIN_PER_IP: Invalid input: expected number/],
      [{ RATE_LIMIT_WINDOW_SECONDS: '0' }, /RATE_LIMIT_WINDOW_SECONDS: Too small/],
      [{ RATE_LIMIT_ORDER_PER_PLAYER: '2.5' }, /RATE_LIMIT_ORDER_PER_PLAYER: Invalid input: expected int/],
      [{ REDIS_URL: 'localhost:6379' }, /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/],
      [{ REDIS_URL: 'redis://' }, /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/],
      [{ SMTP_URL: 'smtps://' }, /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/],
      [{ GAME_LAUNCH_SECRETS: '{10030: "x"}' }, /GAME_LAUNCH_SECRETS: must be a JSON object/],
      [{ GAME_LAUNCH_SECRETS: '{"10030": "short"}' }, /GAME_LAUNCH_SECRETS: must be a JSON object/],
      [{ GAME_SERVER_SECRETS: '["secret-of-sixteen-chars"]' }, /GAME_SERVER_SECRETS: must be a JSON object/],
      [{ SHUTDOWN_TIMEOUT_MS: 'soon' }, /SHUTDOWN_TIMEOUT_MS: Invalid input: expected number/],
    ];
    for (const [env, message] of cases) expect(refusal(env), JSON.stringify(env)).toMatch(message);
    expect(productionConfig({ REDIS_URL: 'rediss://:secret@cache.internal:6380/0', TRUST_PROXY: '10.0.0.0/8' }).rateLimits.redisUrl).toBe('rediss://:secret@cache.internal:6380/0');
  });

  it('reads SHUTDOWN_TIMEOUT_MS (10 s by default)', () => {
    expect(loadConfig({}, SANDBOX_CREDENTIALS).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '2500' }, SANDBOX_CREDENTIALS).shutdownTimeoutMs).toBe(2500);
  });
});
