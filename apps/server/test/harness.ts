import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import { createServer } from 'node:net';
import type { TokenData } from '@shop/contract/auth.schema';
import { buildApp, type BuildOptions, type ShopApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { createTestDatabase } from './test-database.ts';
import { RELAXED_RATE_LIMITS } from './relaxed-limits.ts';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { code: number; message: string; data: T };
  headers: Headers;
}

export interface TestShop extends ShopApp {
  url: string;
  config: AppConfig;
  api<T = unknown>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: string },
  ): Promise<ApiAnswer<T>>;
  quickLogin(params?: Partial<Record<'appId' | 'roleId' | 'serverId' | 'accountId' | 'userLevel', string | number>>): Promise<TokenData>;
  close(): Promise<void>;
}

/** The configuration of a test shop on `port`: SHOP_ENV=test, quiet, relaxed rate limits, PGlite in memory unless `env` names a database. */
export function testConfig(port: number, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    SHOP_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret!',
    JOBS_POLL_MS: '100',
    ...RELAXED_RATE_LIMITS,
    ...(env.DATABASE_URL ? {} : { DATA_DIR: 'memory://' }),
    ...env,
  }, SANDBOX_CREDENTIALS);
}

/**
 * Starts the whole shop on a free port (embedded sandbox providers included, reached over real HTTP), on PGlite in
 * memory or on a fresh PostgreSQL database. `logStream` receives its log lines (silent otherwise).
 */
export async function startShop(backend: Backend, env: Record<string, string> = {}, { logStream }: Pick<BuildOptions, 'logStream'> = {}): Promise<TestShop> {
  const port = await freePort();
  const database = backend === 'postgres' ? await createTestDatabase() : undefined;
  const config = testConfig(port, { ...(database ? { DATABASE_URL: database.url } : {}), ...env });
  config.sandbox.webhookRetryDelaysMs = [];
  const shop = await buildApp(config, { logger: false, ...(logStream ? { logStream } : {}) });
  await shop.app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;

  const api: TestShop['api'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(url + path, {
      method,
      headers,
      body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };

  return {
    ...shop,
    url,
    config,
    api,
    async quickLogin(params = {}) {
      const answer = await api<TokenData>('POST', '/api/user/inapp/quick/login', {
        body: { appId: 10030, roleId: '10001001', serverId: '10001', accountId: 'demo-10001', userLevel: 12, ...params },
      });
      if (answer.body.code !== 200) throw new Error(`quick login failed: ${JSON.stringify(answer.body)}`);
      return answer.body.data;
    },
    async close() {
      await shop.app.close();
      if (backend === 'postgres') await shop.services.database.close().catch(() => undefined);
      await database?.drop();
    },
  };
}
