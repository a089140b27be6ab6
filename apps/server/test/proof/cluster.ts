import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerSandbox } from '@shop/sandbox/plugin';
import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import { signGameRequest } from '../../src/modules/games/game-server-client.ts';
import { freePort } from '../harness.ts';
import { RELAXED_RATE_LIMITS } from '../relaxed-limits.ts';

/**
 * Helpers of the proof tests (issue 5): real server processes on one PostgreSQL, a sandbox that outlives them, and a TCP
 * proxy that can take the database away.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const JWT_SECRET = 'proof-secret-proof-secret-proof-secret!';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns something truthy; fails with `what` after the deadline. */
export async function until<T>(what: string, check: () => Promise<T | undefined | false | null>, timeoutMs = 20_000, everyMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await sleep(everyMs);
  }
}

export interface SandboxHost {
  /** e.g. http://127.0.0.1:1234/sandbox */
  url: string;
  /** Delivery calls the game server received per order number (accepted or not, duplicates included). */
  deliveryCalls: Map<string, number>;
  /** While set, the game server's answer to a delivery is held back until released (the game has recorded it). */
  holdDeliveries: { on: boolean; held: number; release?: () => void };
  /**
   * The sandbox's own webhooks pass through this host on their way to the shop; a payment notification about an order
   * number registered here is handed to the function instead (which may forward it, and send copies).
   */
  /**
   * Provider faults: a request whose path matches answers `status` without being processed ('fail'), or is processed
   * and answered only after `delayMs` ('late', e.g. longer than the shop waits). Each fault applies `times` times.
   */
  faults: { path: RegExp; kind: 'fail' | 'late'; status?: number; delayMs?: number; times: number }[];
  intercept: Map<string, (raw: string, headers: Record<string, string>, forward: (to?: string) => Promise<Forwarded>) => Promise<Forwarded>>;
  deliveries(orderSn: string): Promise<{ orderSn: string }[]>;
  control(path: 'control' | 'game-server/control', body: unknown): Promise<void>;
  addGameAccount(appId: number, gameId: string, roleId: string, serverId?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The provider and game-server stand-ins in the test process, shared by every shop process of a test (each shop's own
 * embedded sandbox is bypassed through PAYPAL_BASE_URL, XSOLLA_*, PAYERMAX_GATEWAY_URL and GAME_SERVER_URL), so their
 * state survives a shop process being killed. Counts the game server's delivery calls.
 */
export interface Forwarded {
  status: number;
  text: string;
}

/** Posts a webhook's exact bytes and headers to a shop. */
export async function forwardWebhook(shopUrl: string, provider: string, raw: string, headers: Record<string, string>): Promise<Forwarded> {
  const response = await fetch(`${shopUrl}/api/webhooks/${provider}`, { method: 'POST', headers, body: raw });
  return { status: response.status, text: await response.text() };
}

const FORWARDED_HEADERS = /^(content-type|authorization|sign|paypal-.*)$/i;

export async function startSandboxHost(webhookTarget: string): Promise<SandboxHost> {
  const port = await freePort();
  const app: FastifyInstance = Fastify();
  const intercept: SandboxHost['intercept'] = new Map();
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>('/relay/:provider', async (request, reply) => {
      const raw = String(request.body ?? '');
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter((entry): entry is [string, string] => FORWARDED_HEADERS.test(entry[0]) && typeof entry[1] === 'string'),
      );
      const forward = (to = webhookTarget) => forwardWebhook(to, request.params.provider, raw, headers);
      let orderSn: string | undefined;
      try {
        const body = JSON.parse(raw) as { notification_type?: string; transaction?: { external_id?: unknown } };
        if (body.notification_type === 'payment') orderSn = String(body.transaction?.external_id);
      } catch {
        // not JSON: forwarded as it is
      }
      const handler = orderSn ? intercept.get(orderSn) : undefined;
      const answer = handler ? await handler(raw, headers, forward) : await forward();
      return reply.code(answer.status).type('application/json').send(answer.text);
    });
  });
  const deliveryCalls = new Map<string, number>();
  const holdDeliveries: SandboxHost['holdDeliveries'] = { on: false, held: 0 };
  const faults: SandboxHost['faults'] = [];
  const takeFault = (url: string, kind: 'fail' | 'late') => {
    const fault = faults.find((f) => f.kind === kind && f.times > 0 && f.path.test(url));
    if (fault) fault.times -= 1;
    return fault;
  };
  app.addHook('onRequest', async (request, reply) => {
    const fault = takeFault(request.url, 'fail');
    if (fault) return reply.code(fault.status ?? 503).send({ name: 'SERVICE_UNAVAILABLE', message: 'injected fault' });
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const fault = takeFault(request.url, 'late');
    if (fault) await sleep(fault.delayMs ?? 0);
    return payload;
  });
  const isDelivery = (method: string, url: string) => method === 'POST' && /\/game-server\/api\/\d+\/deliveries$/.test(url);
  app.addHook('onRequest', async (request) => {
    const key = request.headers['idempotency-key'];
    if (isDelivery(request.method, request.url) && typeof key === 'string') deliveryCalls.set(key, (deliveryCalls.get(key) ?? 0) + 1);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (isDelivery(request.method, request.url) && holdDeliveries.on) {
      holdDeliveries.held += 1;
      await new Promise<void>((resolve) => (holdDeliveries.release = resolve));
    }
    return payload;
  });
  const url = `http://127.0.0.1:${port}/sandbox`;
  await app.register((instance) =>
    registerSandbox(instance, {
      publicUrl: () => url,
      paypalWebhookUrl: `http://127.0.0.1:${port}/relay/paypal`,
      xsollaWebhookUrl: `http://127.0.0.1:${port}/relay/xsolla`,
      webhookRetryDelaysMs: [],
    }), { prefix: '/sandbox' });
  await app.listen({ port, host: '127.0.0.1' });
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${url}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status >= 300) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
  };
  return {
    url,
    deliveryCalls,
    holdDeliveries,
    faults,
    intercept,
    async deliveries(orderSn) {
      const response = await fetch(`${url}/game-server/deliveries.json?orderSn=${encodeURIComponent(orderSn)}`);
      return ((await response.json()) as { deliveries: { orderSn: string }[] }).deliveries;
    },
    control: (path, body) => post(path, body),
    addGameAccount: (appId, gameId, roleId, serverId = '1') =>
      post('game-server/accounts', { appId, gameId, accountName: `Account ${gameId}`, roles: [{ roleId, roleName: `Hero ${roleId}`, level: 10, serverId, serverName: 'S1 - Dawn' }] }),
    async close() {
      holdDeliveries.on = false;
      holdDeliveries.release?.();
      await app.close();
    },
  };
}

/** Settings that point a shop process at a sandbox host instead of its embedded one. */
export function sandboxEnv(sandboxUrl: string): Record<string, string> {
  return {
    PAYPAL_BASE_URL: `${sandboxUrl}/paypal`,
    XSOLLA_API_BASE_URL: `${sandboxUrl}/xsolla`,
    XSOLLA_PAYSTATION_URL: `${sandboxUrl}/xsolla/paystation4/`,
    PAYERMAX_GATEWAY_URL: `${sandboxUrl}/payermax/aggregate-pay/api/gateway`,
    GAME_SERVER_URL: `${sandboxUrl}/game-server`,
  };
}

export interface ShopProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  alive(): boolean;
  /** Resolves with the exit code or signal. */
  exited: Promise<number | string | null>;
  kill(signal?: NodeJS.Signals): Promise<number | string | null>;
}

/** Starts `apps/server/src/main.ts` as its own process (as `npm start` does, without building the web app). */
export async function spawnShop(port: number, env: Record<string, string>, timeoutMs = 45_000): Promise<ShopProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SHOP_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      JOBS_POLL_MS: '100',
      DATA_DIR: 'memory://',
      ...RELAXED_RATE_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`shop process exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`shop process did not start within ${timeoutMs} ms:\n${output}`);
    }
    await sleep(150);
  }
  return {
    url,
    port,
    child,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** JSON call to a shop process; answers status and parsed body (undefined when empty or not JSON). */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: string; timeoutMs?: number } = {},
): Promise<{ status: number; body: { code: number; message: string; data: T }; ms: number }> {
  const started = Date.now();
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] ??= 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(base + path, {
    method,
    headers,
    body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let body;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, body, ms: Date.now() - started };
}

/** A game server's signed call to the voucher API (HMAC-SHA256 over `${ts}.${raw}` with the game's secret). */
export function gameCall<T = unknown>(base: string, path: 'balance' | 'spend' | 'reverse', body: unknown, appId = 10030, timeoutMs?: number) {
  const raw = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  return call<T>(base, 'POST', `/api/game/v1/vouchers/${path}`, {
    rawBody: raw,
    timeoutMs,
    headers: {
      'x-game-app-id': String(appId),
      'x-game-timestamp': String(timestamp),
      'x-game-signature': signGameRequest(SANDBOX_CREDENTIALS.gameServers.secrets[appId]!, timestamp, raw),
    },
  });
}

/** Tears down what a database fault test set up: the shop process (its output shown if it died), the direct client, the proxy, the database. */
export async function tearDownFaultTest(parts: {
  shop?: ShopProcess;
  direct?: { end(): Promise<void> };
  proxy?: { close(): Promise<void> };
  database?: { drop(): Promise<void> };
}): Promise<void> {
  if (parts.shop && !parts.shop.alive()) console.error(`the shop process died:\n${parts.shop.output()}`);
  await parts.direct?.end().catch(() => undefined);
  await parts.shop?.kill('SIGKILL');
  await parts.proxy?.close();
  await parts.database?.drop();
}
