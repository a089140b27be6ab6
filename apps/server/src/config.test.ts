import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { productionConfig } from '../test/production.ts';

describe('configuration', () => {
  it('runs out of the box with the embedded database and sandbox providers', () => {
    const config = loadConfig({}, SANDBOX_CREDENTIALS);
    expect(config.port).toBe(8080);
    expect(config.database.url).toBeUndefined();
    expect(config.database.dataDir).toMatch(/data$/);
    expect(config.sandbox.embedded).toBe(true);
    expect(config.paypal.baseUrl).toBe('http://127.0.0.1:8080/sandbox/paypal');
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '9000', DATA_DIR: '/tmp/shop-data', DATABASE_URL: 'postgres://u@db:5432/shop' }, SANDBOX_CREDENTIALS);
    expect(config.port).toBe(9000);
    expect(config.database).toMatchObject({ dataDir: '/tmp/shop-data', url: 'postgres://u@db:5432/shop' });
  });

  it('refuses a DATABASE_URL whose password is not percent-encoded, naming the variable and not the password', () => {
    const password = 'k3/Zq+8w=#x?y@z'; // what openssl rand -base64 gives, and the other characters that end a URL's part
    for (const raw of [`postgres://shop:${password}@db:5432/shop`, 'postgres://shop:12#34@db:5432/shop', 'postgres://shop:ab/cd@db:5432/shop']) {
      expect(() => loadConfig({ DATABASE_URL: raw }, SANDBOX_CREDENTIALS), raw).toThrow(/^Invalid configuration:\n {2}DATABASE_URL: not a valid URL: percent-encode/);
      expect(() => loadConfig({ DATABASE_URL: raw }, SANDBOX_CREDENTIALS), raw).not.toThrow(/k3|12#34|ab\/cd/);
    }
    const encoded = `postgres://shop:${encodeURIComponent(password)}@db:5432/shop?sslmode=require`;
    expect(loadConfig({ DATABASE_URL: encoded }, SANDBOX_CREDENTIALS).database.url).toBe(encoded);
    // the driver decodes it back to the password itself
    const client = new pg.Client({ connectionString: encoded });
    expect({ host: client.host, port: client.port, database: client.database, user: client.user, password: client.password }).toEqual({ host: 'db', port: 5432, database: 'shop', user: 'shop', password });
  });

  it('names every bad or missing variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' }, SANDBOX_CREDENTIALS)).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
    try {
      loadConfig({ SHOP_ENV: 'production' }, SANDBOX_CREDENTIALS);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['JWT_SECRET', 'PAYPAL_CLIENT_ID', 'XSOLLA_SECRET_KEY', 'PAYERMAX_PRIVATE_KEY', 'XSOLLA_SCRIPT_URL']) expect(message).toContain(name);
      expect(message).not.toContain('PAYPAL_BASE_URL');
    }
  });

  it("reads the sales report's time zone: UTC by default, an IANA name, and refuses anything else at start", () => {
    expect(loadConfig({}, SANDBOX_CREDENTIALS).reportTimeZone).toBe('UTC');
    expect(loadConfig({ REPORT_TIME_ZONE: 'Asia/Shanghai' }, SANDBOX_CREDENTIALS).reportTimeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ REPORT_TIME_ZONE: 'America/Argentina/Buenos_Aires' }, SANDBOX_CREDENTIALS).reportTimeZone).toBe('America/Argentina/Buenos_Aires');
    for (const zone of ['Mars/Olympus_Mons', '+08:00', 'UTC+8', "UTC'; DROP TABLE orders; --", 'Asia/../etc']) {
      expect(() => loadConfig({ REPORT_TIME_ZONE: zone }, SANDBOX_CREDENTIALS), zone).toThrow(/REPORT_TIME_ZONE: .* is not an IANA time zone name/);
    }
  });

  it('never runs the sandbox in production', () => {
    expect(() => loadConfig({ SHOP_ENV: 'production', SANDBOX: 'embedded', JWT_SECRET: 'x'.repeat(32) }, SANDBOX_CREDENTIALS)).toThrow(/SANDBOX/);
  });

  it('needs an e-mail and an SMS sender in production', () => {
    const base = { SHOP_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(base, SANDBOX_CREDENTIALS)).toThrow(/SMTP_URL[\s\S]*SMS_GATEWAY_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' }, SANDBOX_CREDENTIALS)).toThrow(/SMTP_URL/);
    const config = loadConfig({}, SANDBOX_CREDENTIALS);
    expect(config.notifications.sandboxOutboxUrl).toBe('http://127.0.0.1:8080/sandbox/outbox/messages');
    expect(config.verification).toMatchObject({ codeTtlSeconds: 600, codeMaxAttempts: 5, resendSeconds: 60 });
    expect(config.verification.ignoredDialCodes).toEqual(['999999', '84', '98', '53', '963', '850']);
  });

  it('reads the per-IP daily code limit and scores slide tracks except under SHOP_ENV=test', () => {
    expect(loadConfig({}, SANDBOX_CREDENTIALS).verification).toMatchObject({ ipDailyLimit: 50, ipHourlyLimit: 20, captchaTrackCheck: true });
    expect(loadConfig({ SHOP_ENV: 'test' }, SANDBOX_CREDENTIALS).verification.captchaTrackCheck).toBe(false);
    expect(loadConfig({ SHOP_ENV: 'test', CAPTCHA_TRACK_CHECK: 'true', CODE_IP_DAILY_LIMIT: '7' }, SANDBOX_CREDENTIALS).verification).toMatchObject({
      captchaTrackCheck: true,
      ipDailyLimit: 7,
    });
    expect(loadConfig({ CAPTCHA_TRACK_CHECK: 'false' }, SANDBOX_CREDENTIALS).verification.captchaTrackCheck).toBe(false);
    expect(() => loadConfig({ CODE_IP_DAILY_LIMIT: '0' }, SANDBOX_CREDENTIALS)).toThrow(/CODE_IP_DAILY_LIMIT/);
  });

  it('points the game-server client at the sandbox by default and needs real secrets without it', () => {
    const config = loadConfig({}, SANDBOX_CREDENTIALS);
    expect(config.gameServer.baseUrl).toBe('http://127.0.0.1:8080/sandbox/game-server');
    expect(Object.keys(config.gameServer.secrets)).toEqual(['10002', '10030']);
    expect(config.gameServer).toMatchObject({ deliveryMaxAttempts: 8, deliveryRetryBaseMs: 5000 });
    expect(() => loadConfig({ SANDBOX: 'off' }, SANDBOX_CREDENTIALS)).toThrow(/GAME_SERVER_URL[\s\S]*GAME_SERVER_SECRETS|GAME_SERVER_SECRETS[\s\S]*GAME_SERVER_URL/);
    expect(() => loadConfig({ GAME_SERVER_SECRETS: '{"10030": "short"}' }, SANDBOX_CREDENTIALS)).toThrow(/GAME_SERVER_SECRETS/);
    const own = loadConfig({ GAME_SERVER_URL: 'https://games.example.com/shop', GAME_SERVER_SECRETS: '{"10030": "a-long-enough-secret"}' }, SANDBOX_CREDENTIALS);
    expect(own.gameServer).toMatchObject({ baseUrl: 'https://games.example.com/shop', secrets: { 10030: 'a-long-enough-secret' } });
  });

  it("links the contact bar to the publisher's pages: the sandbox's stand-ins by default, required without the sandbox", () => {
    expect(loadConfig({}, SANDBOX_CREDENTIALS).links).toEqual({
      terms: 'http://localhost:8080/sandbox/publisher/terms',
      privacy: 'http://localhost:8080/sandbox/publisher/privacy',
      refund: 'http://localhost:8080/sandbox/publisher/refund',
      contact: 'http://localhost:8080/sandbox/publisher/contact',
      tutorial: '/voucher-instructions?from=shop',
    });
    expect(() => loadConfig({ SANDBOX: 'off' }, SANDBOX_CREDENTIALS)).toThrow(/LINK_TERMS[\s\S]*LINK_PRIVACY[\s\S]*LINK_REFUND[\s\S]*LINK_CONTACT/);
    const own = loadConfig({ LINK_TERMS: 'https://publisher.example.com/terms', LINK_CONTACT: 'mailto:help@publisher.example.com' }, SANDBOX_CREDENTIALS).links;
    expect(own).toMatchObject({ terms: 'https://publisher.example.com/terms', contact: 'mailto:help@publisher.example.com' });
  });

  it('listens on loopback outside production unless HOST is set, and on every interface in production', () => {
    expect(loadConfig({}, SANDBOX_CREDENTIALS).host).toBe('127.0.0.1');
    expect(loadConfig({ SHOP_ENV: 'test' }, SANDBOX_CREDENTIALS).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }, SANDBOX_CREDENTIALS).host).toBe('0.0.0.0');
    expect(productionConfig().host).toBe('0.0.0.0');
    expect(productionConfig({ HOST: '10.1.2.3' }).host).toBe('10.1.2.3');
  });

  it('picks the captcha: the in-house puzzle by default outside production, GeeTest v4 (with id and key) in production', () => {
    expect(loadConfig({}, SANDBOX_CREDENTIALS).captcha).toEqual({ provider: 'in-house' });
    expect(loadConfig({ CAPTCHA_PROVIDER: 'geetest' }, SANDBOX_CREDENTIALS).captcha).toEqual({
      provider: 'geetest',
      geetest: {
        captchaId: 'sandbox0geetest0captcha0id000001',
        captchaKey: 'sandbox0geetest0captcha0key00001',
        apiUrl: 'http://127.0.0.1:8080/sandbox/geetest',
        scriptUrl: 'http://localhost:8080/sandbox/geetest/v4/gt4.js',
        timeoutMs: 5000,
      },
    });
    expect(productionConfig().captcha).toEqual({
      provider: 'geetest',
      geetest: {
        captchaId: 'live-geetest-captcha-id',
        captchaKey: 'live-geetest-captcha-key',
        apiUrl: 'https://gcaptcha4.geetest.com',
        scriptUrl: 'https://static.geetest.com/v4/gt4.js',
        timeoutMs: 5000,
      },
    });
    const own = productionConfig({ GEETEST_API_URL: 'https://gcaptcha4-eu.example.com/', GEETEST_SCRIPT_URL: 'https://cdn.example.com/gt4.js' });
    expect(own.captcha).toMatchObject({ geetest: { apiUrl: 'https://gcaptcha4-eu.example.com', scriptUrl: 'https://cdn.example.com/gt4.js' } });

    expect(() => productionConfig({ CAPTCHA_PROVIDER: 'in-house' })).toThrow(ConfigError);
    expect(() => productionConfig({ CAPTCHA_PROVIDER: 'in-house' })).toThrow(/CAPTCHA_PROVIDER: the in-house slide puzzle is refused in production/);
    expect(() => productionConfig({ GEETEST_CAPTCHA_ID: '' })).toThrow(/GEETEST_CAPTCHA_ID/);
    expect(() => productionConfig({ GEETEST_CAPTCHA_KEY: '' })).toThrow(/GEETEST_CAPTCHA_KEY/);
    expect(() => productionConfig({ GEETEST_CAPTCHA_ID: '', GEETEST_CAPTCHA_KEY: '' })).not.toThrow(/GEETEST_API_URL|GEETEST_SCRIPT_URL/);
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'geetest', SANDBOX: 'off' }, SANDBOX_CREDENTIALS)).toThrow(/GEETEST_CAPTCHA_ID[\s\S]*GEETEST_CAPTCHA_KEY/);
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'recaptcha' }, SANDBOX_CREDENTIALS)).toThrow(/CAPTCHA_PROVIDER/);
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'geetest', GEETEST_API_URL: 'not a url' }, SANDBOX_CREDENTIALS)).toThrow(/GEETEST_API_URL/);
  });

  it('refuses malformed launch secrets', () => {
    expect(() => loadConfig({ GAME_LAUNCH_SECRETS: '{"10030": "short"}' }, SANDBOX_CREDENTIALS)).toThrow(/GAME_LAUNCH_SECRETS/);
    expect(loadConfig({ GAME_LAUNCH_SECRETS: '{"10030": "a-long-enough-secret"}' }, SANDBOX_CREDENTIALS).gameLaunchSecrets).toEqual({ 10030: 'a-long-enough-secret' });
  });
});
