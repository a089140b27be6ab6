import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';
import { isPublicHalfOf, loadPayermaxKey } from './modules/payments/payermax/payermax-keys.ts';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const optionalText = z.string().trim().min(1).optional();
/** A URL's host must be there (`redis://` alone parses as a URL). */
const HOST_NAME = /^[^\s/?#]+$/;

/**
 * A postgres:// URL whose user name and password are percent-encoded. A raw `/`, `?` or `#` in the password (what
 * `openssl rand -base64` gives) ends the URL's authority early: either it does not parse at all (the driver threw a bare
 * `Invalid URL`), or the rest of the password becomes the port, query or fragment and the driver looks up a host named
 * after the user (ENOTFOUND). Neither names the variable; this check does, and never prints the value (a secret).
 */
function isWholePostgresUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.hostname !== '' && url.hash === '' && !url.search.includes('@');
}

const EnvSchema = z.object({
  SHOP_ENV: z.enum(['production', 'test', 'development']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Default: every interface in production (containers), loopback elsewhere (the embedded sandbox can mark orders paid). */
  HOST: z.string().trim().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .refine(isWholePostgresUrl, 'not a valid URL: percent-encode special characters of the user name and password (/ %2F, + %2B, = %3D, # %23, ? %3F, @ %40; docs/deployment.md)')
    .optional(),
  /** `embedded` (PGlite in DATA_DIR) or `postgres` (DATABASE_URL); production has no default (ADR 0023, docs/adr/0023-production-configuration-metrics-shutdown.md). */
  DATABASE: z.enum(['embedded', 'postgres']).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** A query that gets no answer from PostgreSQL for this long fails (503), e.g. during a network partition. */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  WEB_DIST: z.string().optional(),
  CONSOLE_DIST: z.string().optional(),
  /** The publisher's console: a session ends after this many minutes without a request, and after CONSOLE_SESSION_HOURS. */
  CONSOLE_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  CONSOLE_SESSION_HOURS: z.coerce.number().int().min(1).max(7 * 24).default(12),
  /** How long an operator's enrolment link works. */
  CONSOLE_INVITE_HOURS: z.coerce.number().int().min(1).max(14 * 24).default(72),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ORDER_EXPIRY_MINUTES: z.coerce.number().positive().max(10_080).default(30),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Bearer token of GET /metrics (required in production; outside production /metrics is open unless it is set). */
  METRICS_TOKEN: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  /** After SIGTERM/SIGINT, in-flight work gets this long before the process exits anyway (exit code 1). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Bearer token of the operators' API (/api/ops); unset: those routes refuse every call. */
  OPS_API_TOKEN: z.string().trim().min(32).optional(),
  /** Where alerts for operators go (deliveries that gave up); the sandbox outbox's ops address outside production. */
  OPS_ALERT_EMAIL: z.email().optional(),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  RECONCILE_MIN_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  /** How long after its closure (or creation, or a channel switch) an order is still asked about. */
  RECONCILE_LOOKBACK_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  /** At most this many orders asked per interval (and as many pending refunds of each kind): the providers' load. */
  RECONCILE_BATCH: z.coerce.number().int().min(1).max(10_000).default(500),
  /** A candidate is asked again when its age has grown this many times (2 min, 8 min, 32 min, 2 h, 8.5 h, 34 h). */
  RECONCILE_BACKOFF: z.coerce.number().min(1.5).max(100).default(4),
  /** Retention (jobs/retention.ts): how often the pruning job runs, and how long each kind of row is kept. */
  RETENTION_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  RETENTION_JOBS_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  /** At least a day: the code limits count the sends of the last 24 hours. */
  RETENTION_VERIFICATION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  RETENTION_ANALYTICS_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Days past a session's expiry before its rows go (players' refresh tokens, operators' console sessions). */
  RETENTION_SESSIONS_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** The publisher's time zone (IANA name): the sales report's days. A change rebuilds the rollups once (ADR 0001, docs/adr/0001-sales-rollups.md). */
  REPORT_TIME_ZONE: z.string().trim().default('UTC'),
  /** How far (percent) a currency's rate may move since a computed price point was computed before the console flags it (ADR 0050). */
  PRICE_DRIFT_PERCENT: z.coerce.number().min(0).max(1000).default(5),
  /** JSON object appId -> launch secret; games listed here require signed voucher links. */
  GAME_LAUNCH_SECRETS: z.string().optional(),
  SANDBOX: z.enum(['embedded', 'off']).optional(),
  IFRAME_PAYMENT: bool.default(false),
  /** Proxies allowed to name the client in X-Forwarded-For: their addresses/CIDRs (http/trust-proxy.ts). */
  TRUST_PROXY: z.string().optional(),
  /** Header a trusted proxy/CDN sets with the client's country (e.g. cf-ipcountry). */
  COUNTRY_HEADER: optionalText,
  PAYPAL_BASE_URL: z.url().optional(),
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_WEBHOOK_ID: optionalText,
  XSOLLA_API_BASE_URL: z.url().optional(),
  XSOLLA_PAYSTATION_URL: z.url().optional(),
  XSOLLA_SCRIPT_URL: z.url().optional(),
  XSOLLA_MERCHANT_ID: optionalText,
  XSOLLA_PROJECT_ID: optionalText,
  XSOLLA_API_KEY: optionalText,
  XSOLLA_SECRET_KEY: optionalText,
  XSOLLA_SANDBOX: bool.optional(),
  PAYERMAX_GATEWAY_URL: z.url().optional(),
  PAYERMAX_APP_ID: optionalText,
  PAYERMAX_MERCHANT_NO: optionalText,
  PAYERMAX_PRIVATE_KEY: optionalText,
  PAYERMAX_PLATFORM_PUBLIC_KEY: optionalText,
  LINK_TERMS: z.string().max(2000).optional(),
  LINK_PRIVACY: z.string().max(2000).optional(),
  LINK_REFUND: z.string().max(2000).optional(),
  LINK_CONTACT: z.string().max(2000).optional(),
  /** The shop's own voucher instructions are its tutorial unless the publisher has another one (from=shop: back to the shop). */
  LINK_TUTORIAL: z.string().max(2000).default('/voucher-instructions?from=shop'),
  ANALYTICS_ID: optionalText,
  BUILD_ID: optionalText,
  /** E-mail over SMTP, e.g. smtps://user:pass@smtp.example.com:465 (required in production). */
  SMTP_URL: z.url({ protocol: /^smtps?$/, hostname: HOST_NAME, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** Sender of the e-mails (required in production: the development default's localhost address is refused by mail servers). */
  MAIL_FROM: z.string().trim().min(3).max(254).optional(),
  /** HTTP SMS gateway: POST JSON {to, text} with `Authorization: Bearer SMS_GATEWAY_TOKEN` (required in production). */
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_GATEWAY_TOKEN: optionalText,
  /** Verification-code limits (see ADR 0011, docs/adr/0011-verification-codes.md). */
  SMS_DAILY_LIMIT: z.coerce.number().int().min(0).max(10_000_000).default(5000),
  CODE_TARGET_DAILY_LIMIT: z.coerce.number().int().min(1).max(1000).default(10),
  CODE_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  CODE_IP_DAILY_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(50),
  CAPTCHA_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  CODE_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Score the slide track of the captcha (default on, except SHOP_ENV=test: see ADR 0011, docs/adr/0011-verification-codes.md). */
  CAPTCHA_TRACK_CHECK: bool.optional(),
  /** The captcha before a code is sent: geetest (GeeTest v4; required in production) or in-house (ADR 0018, docs/adr/0018-captcha-providers.md). */
  CAPTCHA_PROVIDER: z.enum(['in-house', 'geetest']).optional(),
  GEETEST_CAPTCHA_ID: optionalText,
  GEETEST_CAPTCHA_KEY: optionalText,
  GEETEST_API_URL: z.url().optional(),
  GEETEST_SCRIPT_URL: z.url().optional(),
  /** Game servers (roles lookup, deliveries): base URL (sandbox stand-in by default) and JSON {"appId": "secret"}. */
  GAME_SERVER_URL: z.url().optional(),
  GAME_SERVER_SECRETS: z.string().optional(),
  /** Delivery to the game: attempts before status 8 (Delivery Error), and the first retry delay (doubling). */
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  DELIVERY_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  /** Shared store of the rate limits: Redis when set (redis:// or rediss://), otherwise PostgreSQL. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, hostname: HOST_NAME, error: 'must be a redis:// or rediss:// URL' }).optional(),
  /** Requests per client IP / per account within RATE_LIMIT_WINDOW_SECONDS (see ADR 0019, docs/adr/0019-rate-limits-and-lockout.md). */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).max(10_000_000).default(60),
  RATE_LIMIT_REGISTER_PER_IP: z.coerce.number().int().min(1).max(10_000_000).default(20),
  RATE_LIMIT_REGISTER_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000_000).default(5),
  RATE_LIMIT_REFRESH_PER_IP: z.coerce.number().int().min(1).max(10_000_000).default(60),
  RATE_LIMIT_CODE_PER_IP: z.coerce.number().int().min(1).max(10_000_000).default(20),
  RATE_LIMIT_CODE_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000_000).default(5),
  RATE_LIMIT_CAPTCHA_PER_IP: z.coerce.number().int().min(1).max(10_000_000).default(30),
  RATE_LIMIT_ORDER_PER_IP: z.coerce.number().int().min(1).max(10_000_000).default(60),
  RATE_LIMIT_ORDER_PER_PLAYER: z.coerce.number().int().min(1).max(10_000_000).default(10),
  /** Failed logins (ADR 0019, docs/adr/0019-rate-limits-and-lockout.md): per account and client IP (15 min), per IP (1 h), and per account from all IPs
   * (15 min) before a login needs a captcha. */
  LOGIN_FAILURES_PER_ACCOUNT_AND_IP: z.coerce.number().int().min(1).max(10_000).default(10),
  LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(50),
  LOGIN_CAPTCHA_AFTER_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Unpaid orders (status 0 or 1) one player may hold at once; another order is refused until one is paid or closed. */
  UNPAID_ORDERS_PER_PLAYER: z.coerce.number().int().min(1).max(100_000).default(10),
  /** One-time dynamic-token login (spec: switched off in this build). */
  FEATURE_OTP_LOGIN: bool.default(false),
  /** The shop's cart (spec: switched off in this build; the web app hides the Cart tab and screen). */
  FEATURE_CART: bool.default(false),
});

/** Every environment variable the server reads (the README's configuration table must list each: config-docs.test.ts). */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape);

export interface PaypalConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  brandName: string;
}
export interface XsollaConfig {
  apiBaseUrl: string;
  payStationUrl: string;
  scriptUrl: string;
  merchantId: string;
  projectId: string;
  apiKey: string;
  secretKey: string;
  sandbox: boolean;
}
export interface PayermaxConfig {
  gatewayUrl: string;
  appId: string;
  merchantNo: string;
  merchantPrivateKeyPem: string;
  platformPublicKeyPem: string;
}

export interface VerificationConfig {
  codeTtlSeconds: number;
  /** Tries (right or wrong) a code allows before it dies. */
  codeMaxAttempts: number;
  resendSeconds: number;
  targetDailyLimit: number;
  ipHourlyLimit: number;
  /** Codes one client IP may ask for per rolling 24 hours. */
  ipDailyLimit: number;
  /** SMS across all targets per UTC day. */
  smsDailyLimit: number;
  captchaTtlSeconds: number;
  /** Puzzles one client IP may ask for per rolling hour. */
  captchaIpHourlyLimit: number;
  botTokenTtlSeconds: number;
  /** How far (px) the released piece may be from the cut-out. */
  captchaTolerancePx: number;
  /** Refuse a solution whose slide track does not look like a human drag (verification/captcha/in-house/slide-track.ts). */
  captchaTrackCheck: boolean;
  /** Dial codes that never receive SMS (spec section 9). */
  ignoredDialCodes: string[];
}

/** GeeTest v4 (modules/verification/captcha/geetest): the page loads `scriptUrl`, the server validates at `apiUrl`. */
export interface GeetestConfig {
  captchaId: string;
  captchaKey: string;
  apiUrl: string;
  scriptUrl: string;
  /** A validation that takes longer counts as GeeTest being unreachable. */
  timeoutMs: number;
}
/** Which captcha guards the sending of codes (ADR 0018, docs/adr/0018-captcha-providers.md). */
export type CaptchaConfig = { provider: 'in-house' } | { provider: 'geetest'; geetest: GeetestConfig };

/** The reconciliation job's schedule (modules/payments/reconciliation.ts). */
export interface ReconciliationConfig {
  /** How often the sweep runs (ms). */
  intervalMs: number;
  /** Unpaid orders younger than this are left to the webhooks (ms). */
  minAgeMs: number;
  /** How long closed, cancelled, failed and processing orders are still asked about (ms). */
  lookbackMs: number;
  /** At most this many orders asked about per sweep (and as many pending refunds, and second payments' refunds). */
  batch: number;
  /** A candidate is asked again when its age (since its closure, creation or channel switch) has grown this many times. */
  backoff: number;
}

/** What the pruning job deletes and when (jobs/retention.ts); money rows are never pruned. */
export interface RetentionConfig {
  /** How often the pruning job runs (ms). */
  intervalMs: number;
  /** Finished (done) job rows; dead ones stay for the operators. */
  jobsDays: number;
  /** Verification codes and sends, captcha challenges, failed logins, used login-token nonces, change tickets. */
  verificationDays: number;
  analyticsDays: number;
  /**
   * Days past their expiry after which refresh tokens (used, revoked or never used) and console sessions are deleted.
   * Until then a used refresh token presented again still revokes its family (reuse detection); after it, no token of
   * the family, nor any access token issued with one, can still be valid.
   */
  sessionsDays: number;
}

/**
 * Failed-login limits, counted in the database (ADR 0019, docs/adr/0019-rate-limits-and-lockout.md): one client
 * IP guessing one account is refused after `accountIpFailures`, one IP guessing any accounts after `ipFailures`; an
 * account with `captchaAfterFailures` recent failures from all IPs together needs a bot-check token to log in.
 */
export interface LoginLimitsConfig {
  accountIpFailures: number;
  captchaAfterFailures: number;
  accountWindowSeconds: number;
  ipFailures: number;
  ipWindowSeconds: number;
}

/** Requests allowed per window: per client IP and, where a route has one, per account (ADR 0019, docs/adr/0019-rate-limits-and-lockout.md). */
export interface RateLimitsConfig {
  /** Redis URL of the shared counters; PostgreSQL when unset. */
  redisUrl?: string;
  windowSeconds: number;
  login: { perIp: number };
  register: { perIp: number; perAccount: number };
  refresh: { perIp: number };
  code: { perIp: number; perAccount: number };
  captcha: { perIp: number };
  orders: { perIp: number; perAccount: number };
}
export type RateLimitName = Exclude<keyof RateLimitsConfig, 'redisUrl' | 'windowSeconds'>;

export interface NotificationsConfig {
  sandboxOutboxUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  smsGatewayUrl?: string;
  smsGatewayToken?: string;
}

export interface GameServerConfig {
  baseUrl: string;
  /** Per-game HMAC secret the shop signs its calls with. */
  secrets: Record<number, string>;
  deliveryMaxAttempts: number;
  deliveryRetryBaseMs: number;
}

export interface AppConfig {
  environment: 'production' | 'test' | 'development';
  port: number;
  host: string;
  /** Where browsers reach the shop (links, provider return URLs). */
  publicUrl: string;
  /** Where providers (and the embedded sandbox) reach the shop's webhooks. */
  webhookBaseUrl: string;
  database: { url?: string; dataDir: string; poolSize: number; queryTimeoutMs: number };
  webDist: string;
  /** The publisher's console build (apps/console/dist), served at /console. */
  consoleDist: string;
  console: { idleTimeoutSeconds: number; maxAgeSeconds: number; inviteTtlHours: number };
  logLevel: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  orderExpiryMs: number;
  jobsPollMs: number;
  reconciliation: ReconciliationConfig;
  retention: RetentionConfig;
  /** The IANA time zone of the sales report's days (REPORT_TIME_ZONE). */
  reportTimeZone: string;
  /** Percent a rate may move since a computed price point was computed before it is flagged (PRICE_DRIFT_PERCENT). */
  priceDriftPercent: number;
  /** Bearer token of GET /metrics; unset (outside production only): /metrics is open. */
  metricsToken?: string;
  /** How long a SIGTERM/SIGINT shutdown may take before the process exits anyway (main.ts). */
  shutdownTimeoutMs: number;
  opsApiToken?: string;
  opsAlertEmail?: string;
  gameLaunchSecrets: Record<number, string>;
  sandbox: { embedded: boolean; webhookRetryDelaysMs?: number[] };
  iframePayment: boolean;
  trustProxy: TrustProxy;
  countryHeader?: string;
  paypal: PaypalConfig;
  xsolla: XsollaConfig;
  payermax: PayermaxConfig;
  gameServer: GameServerConfig;
  links: { terms: string; privacy: string; refund: string; contact: string; tutorial: string };
  analyticsId?: string;
  buildId: string;
  verification: VerificationConfig;
  captcha: CaptchaConfig;
  notifications: NotificationsConfig;
  loginLimits: LoginLimitsConfig;
  rateLimits: RateLimitsConfig;
  /** Unpaid orders (0 or 1) one player may hold at once. */
  unpaidOrdersPerPlayer: number;
  features: { otpLogin: boolean; cart: boolean };
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; every bad variable is named in the error. */
/**
 * The provider stand-ins' credentials (the SANDBOX_CREDENTIALS of @shop/sandbox). Only the wiring imports the sandbox, and
 * only when it is embedded (load-config.ts), so a production build never carries them in its configuration path.
 */
export interface SandboxCredentials {
  paypal: { clientId: string; clientSecret: string; webhookId: string };
  xsolla: { merchantId: string; projectId: string; apiKey: string; secretKey: string };
  payermax: { appId: string; merchantNo: string; merchantPrivateKeyPem: string; platformPublicKeyPem: string };
  geetest: { captchaId: string; captchaKey: string };
  gameServers: { secrets: Readonly<Record<number, string>> };
}

/** Whether this environment embeds the sandbox (SANDBOX, else on outside production): the rule loadConfig applies. */
/** Stand-in for the credentials when the sandbox is off: `need` never reads them then. */
const NO_SANDBOX: SandboxCredentials = {
  paypal: { clientId: '', clientSecret: '', webhookId: '' },
  xsolla: { merchantId: '', projectId: '', apiKey: '', secretKey: '' },
  payermax: { appId: '', merchantNo: '', merchantPrivateKeyPem: '', platformPublicKeyPem: '' },
  geetest: { captchaId: '', captchaKey: '' },
  gameServers: { secrets: {} },
};

export function sandboxEmbedded(env: NodeJS.ProcessEnv): boolean {
  const production = env.SHOP_ENV === 'production';
  return (env.SANDBOX || (production ? 'off' : 'embedded')) === 'embedded';
}

/** Reads and checks the environment; with the sandbox embedded, `sandbox` gives the stand-ins' credentials as defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, sandbox?: SandboxCredentials): AppConfig {
  // An empty variable means "not set", as shells and orchestrators commonly pass them.
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.SHOP_ENV === 'production';
  const embedded = (e.SANDBOX ?? (production ? 'off' : 'embedded')) === 'embedded';
  const problems: string[] = [];
  if (production && embedded) problems.push('SANDBOX: the sandbox cannot run in production');
  if (production && !e.JWT_SECRET) problems.push('JWT_SECRET: required in production');
  if (production && !e.SMTP_URL) problems.push('SMTP_URL: required in production (e-mail sender)');
  if (production && !e.SMS_GATEWAY_URL) problems.push('SMS_GATEWAY_URL: required in production (SMS sender)');
  if (production && !e.MAIL_FROM) problems.push('MAIL_FROM: required in production (the sender of the e-mails, e.g. Game Shop <no-reply@shop.example.com>)');
  if (production && !e.METRICS_TOKEN) problems.push('METRICS_TOKEN: required in production (bearer token of GET /metrics, 32+ characters)');
  const databaseUrl = chooseDatabase(e, production, problems);
  if (production && !e.PUBLIC_URL) problems.push("PUBLIC_URL: required in production (the shop's public https address, e.g. https://shop.example.com)");
  const publicUrlProblem = e.PUBLIC_URL ? publicUrlProblemOf(new URL(e.PUBLIC_URL), production) : undefined;
  if (publicUrlProblem) problems.push(`PUBLIC_URL: ${publicUrlProblem}`);
  if (production) {
    // Scripts the page loads and hosts the shop sends credentials to: TLS, as PUBLIC_URL itself.
    for (const name of ['PAYPAL_BASE_URL', 'XSOLLA_API_BASE_URL', 'XSOLLA_PAYSTATION_URL', 'XSOLLA_SCRIPT_URL', 'PAYERMAX_GATEWAY_URL', 'GEETEST_API_URL', 'GEETEST_SCRIPT_URL'] as const) {
      const value = e[name];
      if (value && new URL(value).protocol !== 'https:') problems.push(`${name}: must be an https:// URL in production`);
    }
  }
  const captchaProvider = e.CAPTCHA_PROVIDER ?? (production ? 'geetest' : 'in-house');
  if (production && captchaProvider === 'in-house') {
    problems.push('CAPTCHA_PROVIDER: the in-house slide puzzle is refused in production (an image diff solves it); use geetest');
  }
  if (!isTimeZone(e.REPORT_TIME_ZONE)) {
    problems.push(`REPORT_TIME_ZONE: "${e.REPORT_TIME_ZONE}" is not an IANA time zone name (e.g. UTC, Asia/Shanghai, America/Los_Angeles)`);
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if ('problem' in trustProxy) problems.push(`TRUST_PROXY: ${trustProxy.problem}`);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const internalUrl = `http://127.0.0.1:${e.PORT}`;
  const sandboxUrl = `${internalUrl}/sandbox`;
  const sandboxPublicUrl = `${publicUrl}/sandbox`;
  if (embedded && !sandbox) throw new Error('loadConfig: the embedded sandbox needs its credentials (load-config.ts passes them)');
  const creds: SandboxCredentials = sandbox ?? NO_SANDBOX;

  /**
   * In sandbox mode every provider setting has a sandbox default. Otherwise hosts default to the providers' documented
   * ones (PAYMENTS.md) and credentials must be given.
   */
  const need = (name: string, value: string | undefined, sandboxValue: string, providerDefault?: string): string => {
    if (value) return value;
    if (embedded) return sandboxValue;
    if (providerDefault) return providerDefault;
    problems.push(`${name}: required when the sandbox is off`);
    return '';
  };
  const xsollaSandbox = e.XSOLLA_SANDBOX ?? !production;

  let gameLaunchSecrets: Record<number, string> = {};
  if (e.GAME_LAUNCH_SECRETS) {
    const secrets = z.record(z.string().regex(/^\d+$/), z.string().min(16)).safeParse(safeJson(e.GAME_LAUNCH_SECRETS));
    if (secrets.success) gameLaunchSecrets = Object.fromEntries(Object.entries(secrets.data).map(([k, v]) => [Number(k), v]));
    else problems.push('GAME_LAUNCH_SECRETS: must be a JSON object {"appId": "secret of 16+ characters"}');
  }

  let gameServerSecrets: Record<number, string> = embedded ? { ...creds.gameServers.secrets } : {};
  if (e.GAME_SERVER_SECRETS) {
    const secrets = z.record(z.string().regex(/^\d+$/), z.string().min(16)).safeParse(safeJson(e.GAME_SERVER_SECRETS));
    if (secrets.success) gameServerSecrets = Object.fromEntries(Object.entries(secrets.data).map(([k, v]) => [Number(k), v]));
    else problems.push('GAME_SERVER_SECRETS: must be a JSON object {"appId": "secret of 16+ characters"}');
  } else if (!embedded) problems.push('GAME_SERVER_SECRETS: required when the sandbox is off');

  const config: AppConfig = {
    environment: e.SHOP_ENV,
    port: e.PORT,
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    publicUrl,
    webhookBaseUrl: embedded ? internalUrl : publicUrl,
    database: { url: databaseUrl, dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : resolve(e.DATA_DIR), poolSize: e.DATABASE_POOL_SIZE, queryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS },
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    consoleDist: resolve(e.CONSOLE_DIST ?? new URL('../../console/dist', import.meta.url).pathname),
    console: { idleTimeoutSeconds: e.CONSOLE_IDLE_MINUTES * 60, maxAgeSeconds: e.CONSOLE_SESSION_HOURS * 3600, inviteTtlHours: e.CONSOLE_INVITE_HOURS },
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET ?? randomBytes(32).toString('hex'),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    orderExpiryMs: e.ORDER_EXPIRY_MINUTES * 60_000,
    jobsPollMs: e.JOBS_POLL_MS,
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    ...(e.OPS_API_TOKEN ? { opsApiToken: e.OPS_API_TOKEN } : {}),
    ...(e.OPS_ALERT_EMAIL || embedded ? { opsAlertEmail: e.OPS_ALERT_EMAIL ?? 'ops@publisher.sandbox' } : {}),
    reconciliation: {
      intervalMs: e.RECONCILE_INTERVAL_SECONDS * 1000,
      minAgeMs: e.RECONCILE_MIN_AGE_SECONDS * 1000,
      lookbackMs: e.RECONCILE_LOOKBACK_HOURS * 3_600_000,
      batch: e.RECONCILE_BATCH,
      backoff: e.RECONCILE_BACKOFF,
    },
    retention: {
      intervalMs: e.RETENTION_INTERVAL_MINUTES * 60_000,
      jobsDays: e.RETENTION_JOBS_DAYS,
      verificationDays: e.RETENTION_VERIFICATION_DAYS,
      analyticsDays: e.RETENTION_ANALYTICS_DAYS,
      sessionsDays: e.RETENTION_SESSIONS_DAYS,
    },
    reportTimeZone: e.REPORT_TIME_ZONE,
    priceDriftPercent: e.PRICE_DRIFT_PERCENT,
    gameLaunchSecrets,
    sandbox: { embedded },
    iframePayment: e.IFRAME_PAYMENT,
    trustProxy: 'value' in trustProxy ? trustProxy.value : false,
    countryHeader: e.COUNTRY_HEADER?.toLowerCase(),
    paypal: {
      baseUrl: need('PAYPAL_BASE_URL', e.PAYPAL_BASE_URL, `${sandboxUrl}/paypal`, production ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com'),
      clientId: need('PAYPAL_CLIENT_ID', e.PAYPAL_CLIENT_ID, creds.paypal.clientId),
      clientSecret: need('PAYPAL_CLIENT_SECRET', e.PAYPAL_CLIENT_SECRET, creds.paypal.clientSecret),
      webhookId: need('PAYPAL_WEBHOOK_ID', e.PAYPAL_WEBHOOK_ID, creds.paypal.webhookId),
      brandName: 'Game Shop',
    },
    xsolla: {
      apiBaseUrl: need('XSOLLA_API_BASE_URL', e.XSOLLA_API_BASE_URL, `${sandboxUrl}/xsolla`, 'https://api.xsolla.com'),
      payStationUrl: need(
        'XSOLLA_PAYSTATION_URL',
        e.XSOLLA_PAYSTATION_URL,
        `${sandboxPublicUrl}/xsolla/paystation4/`,
        xsollaSandbox ? 'https://sandbox-secure.xsolla.com/paystation4/' : 'https://secure.xsolla.com/paystation4/',
      ),
      scriptUrl: need('XSOLLA_SCRIPT_URL', e.XSOLLA_SCRIPT_URL, `${sandboxPublicUrl}/xsolla/embed/paystation/1.2.3/widget.min.js`),
      merchantId: need('XSOLLA_MERCHANT_ID', e.XSOLLA_MERCHANT_ID, creds.xsolla.merchantId),
      projectId: need('XSOLLA_PROJECT_ID', e.XSOLLA_PROJECT_ID, creds.xsolla.projectId),
      apiKey: need('XSOLLA_API_KEY', e.XSOLLA_API_KEY, creds.xsolla.apiKey),
      secretKey: need('XSOLLA_SECRET_KEY', e.XSOLLA_SECRET_KEY, creds.xsolla.secretKey),
      sandbox: xsollaSandbox,
    },
    payermax: {
      gatewayUrl: need(
        'PAYERMAX_GATEWAY_URL',
        e.PAYERMAX_GATEWAY_URL,
        `${sandboxUrl}/payermax/aggregate-pay/api/gateway`,
        production ? 'https://pay-gate.payermax.com/aggregate-pay/api/gateway' : 'https://pay-gate-uat.payermax.com/aggregate-pay/api/gateway',
      ),
      appId: need('PAYERMAX_APP_ID', e.PAYERMAX_APP_ID, creds.payermax.appId),
      merchantNo: need('PAYERMAX_MERCHANT_NO', e.PAYERMAX_MERCHANT_NO, creds.payermax.merchantNo),
      merchantPrivateKeyPem: need('PAYERMAX_PRIVATE_KEY', e.PAYERMAX_PRIVATE_KEY, creds.payermax.merchantPrivateKeyPem),
      platformPublicKeyPem: need(
        'PAYERMAX_PLATFORM_PUBLIC_KEY',
        e.PAYERMAX_PLATFORM_PUBLIC_KEY,
        creds.payermax.platformPublicKeyPem,
      ),
    },
    gameServer: {
      baseUrl: need('GAME_SERVER_URL', e.GAME_SERVER_URL, `${sandboxUrl}/game-server`),
      secrets: gameServerSecrets,
      deliveryMaxAttempts: e.DELIVERY_MAX_ATTEMPTS,
      deliveryRetryBaseMs: e.DELIVERY_RETRY_BASE_MS,
    },
    // The publisher's pages: the sandbox's stand-ins of them unless configured.
    links: {
      terms: need('LINK_TERMS', e.LINK_TERMS, `${sandboxPublicUrl}/publisher/terms`),
      privacy: need('LINK_PRIVACY', e.LINK_PRIVACY, `${sandboxPublicUrl}/publisher/privacy`),
      refund: need('LINK_REFUND', e.LINK_REFUND, `${sandboxPublicUrl}/publisher/refund`),
      contact: need('LINK_CONTACT', e.LINK_CONTACT, `${sandboxPublicUrl}/publisher/contact`),
      tutorial: e.LINK_TUTORIAL,
    },
    analyticsId: e.ANALYTICS_ID,
    buildId: e.BUILD_ID ?? 'dev',
    verification: {
      codeTtlSeconds: 600,
      codeMaxAttempts: 5,
      resendSeconds: e.CODE_RESEND_SECONDS,
      targetDailyLimit: e.CODE_TARGET_DAILY_LIMIT,
      ipHourlyLimit: e.CODE_IP_HOURLY_LIMIT,
      ipDailyLimit: e.CODE_IP_DAILY_LIMIT,
      smsDailyLimit: e.SMS_DAILY_LIMIT,
      captchaTtlSeconds: 120,
      captchaIpHourlyLimit: e.CAPTCHA_IP_HOURLY_LIMIT,
      botTokenTtlSeconds: 120,
      captchaTolerancePx: 6,
      // Off by default under SHOP_ENV=test only: the browser tests' solver drags faster than a person (ADR 0011, docs/adr/0011-verification-codes.md).
      captchaTrackCheck: e.CAPTCHA_TRACK_CHECK ?? e.SHOP_ENV !== 'test',
      ignoredDialCodes: [production ? '86' : '999999', '84', '98', '53', '963', '850'],
    },
    captcha:
      captchaProvider === 'geetest'
        ? {
            provider: 'geetest',
            geetest: {
              captchaId: need('GEETEST_CAPTCHA_ID', e.GEETEST_CAPTCHA_ID, creds.geetest.captchaId),
              captchaKey: need('GEETEST_CAPTCHA_KEY', e.GEETEST_CAPTCHA_KEY, creds.geetest.captchaKey),
              apiUrl: need('GEETEST_API_URL', e.GEETEST_API_URL, `${sandboxUrl}/geetest`, 'https://gcaptcha4.geetest.com').replace(/\/+$/, ''),
              scriptUrl: need('GEETEST_SCRIPT_URL', e.GEETEST_SCRIPT_URL, `${sandboxPublicUrl}/geetest/v4/gt4.js`, 'https://static.geetest.com/v4/gt4.js'),
              timeoutMs: 5000,
            },
          }
        : { provider: 'in-house' },
    notifications: {
      sandboxOutboxUrl: embedded ? `${sandboxUrl}/outbox/messages` : undefined,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM ?? 'Game Shop <no-reply@localhost>',
      smsGatewayUrl: e.SMS_GATEWAY_URL,
      smsGatewayToken: e.SMS_GATEWAY_TOKEN,
    },
    loginLimits: {
      accountIpFailures: e.LOGIN_FAILURES_PER_ACCOUNT_AND_IP,
      captchaAfterFailures: e.LOGIN_CAPTCHA_AFTER_FAILURES,
      accountWindowSeconds: 15 * 60,
      ipFailures: e.LOGIN_FAILURES_PER_IP,
      ipWindowSeconds: 3600,
    },
    rateLimits: {
      ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      login: { perIp: e.RATE_LIMIT_LOGIN_PER_IP },
      register: { perIp: e.RATE_LIMIT_REGISTER_PER_IP, perAccount: e.RATE_LIMIT_REGISTER_PER_ACCOUNT },
      refresh: { perIp: e.RATE_LIMIT_REFRESH_PER_IP },
      code: { perIp: e.RATE_LIMIT_CODE_PER_IP, perAccount: e.RATE_LIMIT_CODE_PER_ACCOUNT },
      captcha: { perIp: e.RATE_LIMIT_CAPTCHA_PER_IP },
      orders: { perIp: e.RATE_LIMIT_ORDER_PER_IP, perAccount: e.RATE_LIMIT_ORDER_PER_PLAYER },
    },
    unpaidOrdersPerPlayer: e.UNPAID_ORDERS_PER_PLAYER,
    features: { otpLogin: e.FEATURE_OTP_LOGIN, cart: e.FEATURE_CART },
  };
  checkPayermaxKeys(config.payermax, problems);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return config;
}

/**
 * PostgreSQL when DATABASE_URL is set, the embedded PGlite otherwise; production does not fall back to PGlite silently
 * (one process only, its data in a local folder): it needs DATABASE_URL, or DATABASE=embedded as a deliberate choice.
 */
function chooseDatabase(e: Pick<z.infer<typeof EnvSchema>, 'DATABASE' | 'DATABASE_URL'>, production: boolean, problems: string[]): string | undefined {
  const choice = e.DATABASE ?? (e.DATABASE_URL ? 'postgres' : production ? undefined : 'embedded');
  if (!choice) problems.push('DATABASE_URL: required in production (or DATABASE=embedded for the embedded PGlite database in DATA_DIR, one instance only)');
  if (choice === 'postgres' && !e.DATABASE_URL) problems.push('DATABASE_URL: required with DATABASE=postgres');
  if (choice === 'embedded' && e.DATABASE_URL) problems.push('DATABASE: is embedded but DATABASE_URL is set too: unset one of them');
  return choice === 'postgres' ? e.DATABASE_URL : undefined;
}

/**
 * PUBLIC_URL is where browsers come back from the providers and where the providers send their webhooks: an origin
 * (the shop is served at its root), and in production an https address others can reach.
 */
function publicUrlProblemOf(url: URL, production: boolean): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https:// URL';
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    return `must be the origin only, without a path, query or credentials (e.g. ${url.origin}): the shop is served at its root`;
  }
  if (!production) return undefined;
  if (url.protocol !== 'https:') return "must be https in production (it is the providers' return and webhook address)";
  if (isLoopbackHost(url.hostname)) return 'must be the public address in production, not localhost or a loopback address (the providers call it)';
  return undefined;
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || ['::1', '0.0.0.0', '::'].includes(host);
}

/** The PayerMax keys are parsed now, so a malformed one stops the start with its variable's name instead of a stack trace. */
function checkPayermaxKeys(payermax: PayermaxConfig, problems: string[]): void {
  const load = (variable: string, text: string, type: 'private' | 'public') => {
    if (!text) return undefined; // missing: reported by need()
    try {
      return loadPayermaxKey(variable, text, type);
    } catch (error) {
      problems.push((error as Error).message);
      return undefined;
    }
  };
  const merchant = load('PAYERMAX_PRIVATE_KEY', payermax.merchantPrivateKeyPem, 'private');
  const platform = load('PAYERMAX_PLATFORM_PUBLIC_KEY', payermax.platformPublicKeyPem, 'public');
  if (merchant && platform && isPublicHalfOf(platform, merchant)) {
    problems.push("PAYERMAX_PLATFORM_PUBLIC_KEY: is the public half of PAYERMAX_PRIVATE_KEY (the shop's own key); give PayerMax's platform public key");
  }
}

/**
 * An IANA zone name Node knows (Intl throws on any other). Offsets such as +08:00 are refused: PostgreSQL reads a bare
 * offset with the POSIX sign (east of Greenwich negative), the opposite of what an operator means.
 */
function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name) || /^(UTC|GMT)?[+-]/i.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
