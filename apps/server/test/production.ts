import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import { loadConfig, type AppConfig } from '../src/config.ts';

const creds = SANDBOX_CREDENTIALS;

/** The operators' token of the production configuration below. */
export const PRODUCTION_OPS_TOKEN = 'ops-token-of-the-production-test-configuration';
/** The /metrics bearer token of the production configuration below. */
export const PRODUCTION_METRICS_TOKEN = 'metrics-token-of-the-production-test-configuration';

/**
 * Everything SHOP_ENV=production requires, with stand-in values (nothing is called at start-up), on an in-memory
 * PGlite: for tests of what production does differently. Add here what production starts to require.
 */
export const PRODUCTION_ENV: Record<string, string> = {
  SHOP_ENV: 'production',
  PUBLIC_URL: 'https://shop.example.com',
  // PGlite, chosen explicitly as production requires; for PostgreSQL override with DATABASE: 'postgres' and DATABASE_URL.
  DATABASE: 'embedded',
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'production-test-secret-production-test-secret',
  OPS_API_TOKEN: PRODUCTION_OPS_TOKEN,
  SMTP_URL: 'smtps://shop:password@smtp.example.com:465',
  MAIL_FROM: 'Game Shop <no-reply@shop.example.com>',
  METRICS_TOKEN: PRODUCTION_METRICS_TOKEN,
  SMS_GATEWAY_URL: 'https://sms.example.com/send',
  PAYPAL_CLIENT_ID: 'live-client-id',
  PAYPAL_CLIENT_SECRET: 'live-client-secret',
  PAYPAL_WEBHOOK_ID: 'LIVEWEBHOOKID',
  XSOLLA_SCRIPT_URL: 'https://cdn.xsolla.net/payments-bucket-prod/embed/1.5.0/widget.min.js',
  XSOLLA_MERCHANT_ID: '100001',
  XSOLLA_PROJECT_ID: '200002',
  XSOLLA_API_KEY: 'live-xsolla-api-key',
  XSOLLA_SECRET_KEY: 'live-xsolla-secret-key',
  PAYERMAX_APP_ID: 'live-payermax-app',
  PAYERMAX_MERCHANT_NO: 'LIVE-MERCHANT',
  PAYERMAX_PRIVATE_KEY: creds.payermax.merchantPrivateKeyPem,
  PAYERMAX_PLATFORM_PUBLIC_KEY: creds.payermax.platformPublicKeyPem,
  GAME_SERVER_URL: 'https://games.example.com/shop',
  GAME_SERVER_SECRETS: JSON.stringify({ 10030: 'game-server-secret-10030', 10002: 'game-server-secret-10002' }),
  GAME_LAUNCH_SECRETS: JSON.stringify({ 10030: 'launch-secret-of-game-10030', 10002: 'launch-secret-of-game-10002' }),
  GEETEST_CAPTCHA_ID: 'live-geetest-captcha-id',
  GEETEST_CAPTCHA_KEY: 'live-geetest-captcha-key',
  LINK_TERMS: 'https://publisher.example.com/terms',
  LINK_PRIVACY: 'https://publisher.example.com/privacy',
  LINK_REFUND: 'https://publisher.example.com/refund',
  LINK_CONTACT: 'https://publisher.example.com/contact',
};

export const productionConfig = (env: Record<string, string> = {}): AppConfig => loadConfig({ ...PRODUCTION_ENV, ...env }, SANDBOX_CREDENTIALS);
