import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TokenData } from '@shop/contract/auth.schema';
import type { ShopProduct } from '@shop/contract/products.schema';
import { BACKENDS, startShop, type TestShop } from '../harness.ts';
import { loginOperator, type TestOperator } from '../console.ts';
import { bind, freshGameAccount } from '../game.ts';
import { channelOf, createOrder, vouchers, type Player } from '../shopping.ts';
import { SUPPORTED_LANGUAGES } from '@shop/contract/languages';
import { signGameRequest } from '../../src/modules/games/game-server-client.ts';
import { translate } from '../../src/i18n/messages.ts';
import { boundaryRequests, operationsOf, requestsFor, type Examples, type FuzzRequest, type Operation, type RequestContext } from './openapi-requests.ts';

/**
 * Fuzzes every operation of the shop's own OpenAPI document (`/api/...`; the provider stand-ins under /sandbox answer in
 * the formats of the sites they imitate and are left out) with requests generated from its schemas: valid bodies with
 * one hostile field, extra and missing fields, wrong types, control characters, injections, numbers beyond int4 and
 * 2^53, deep and huge JSON, broken URLs and headers. Players' routes get a real player's token, machines' routes the
 * ops token, the console's routes an admin's session cookie, the games' routes a valid signature over the generated body.
 *
 * Every answer must be the envelope {code, message, data} as JSON with a status below 500: the database is up and the
 * provider stand-ins answer, so neither a 503 nor a 502 is legitimate here (a 502 would mean the shop passed a provider
 * something the shop itself should have refused). A 400 from the error handler's database safety net fails too: the
 * contract's schemas must refuse such a value before it reaches the database.
 *
 * Reproduce a failure with FUZZ_SEED (default below) and FUZZ_RUNS (random requests per operation); each operation's
 * seed is derived from FUZZ_SEED and the operation, so adding an operation does not change the others' requests.
 * FUZZ_DEBUG=1 prints how each operation answered (statuses and counts), to see how far the requests get.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 1010);
const RUNS = Number(process.env.FUZZ_RUNS ?? 70);
const OPS_TOKEN = 'fuzz-ops-token-fuzz-ops-token-fuzz-ops-token';

const seedOf = (operation: Operation) => createHash('sha256').update(`${SEED} ${operation.method} ${operation.path}`).digest().readInt32BE(0);

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

async function send(base: string, request: FuzzRequest): Promise<Answer> {
  const response = await fetch(base + request.url, { method: request.method, headers: request.headers, body: request.body });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** The error handler's safety net answers with this message: a schema let through a value the database refused. */
const DATABASE_REFUSED_VALUE = new Set(SUPPORTED_LANGUAGES.map((language) => translate(language, 'invalidValue')));

/** What is wrong with an answer, or undefined when it is a proper envelope below 500 that a schema (not the database) gave. */
function problemOf(answer: Answer): string | undefined {
  if (answer.status >= 500) return `status ${answer.status}`;
  // the console's CSV exports answer a file; their refusals are the envelope like every other answer
  if (answer.status === 200 && answer.contentType.startsWith('text/csv')) return undefined;
  if (!answer.contentType.startsWith('application/json')) return `content-type ${answer.contentType || '(none)'}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'body is not JSON';
  }
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== 'number' || typeof message !== 'string' || message.trim() === '' || !('data' in (body as object))) {
    return 'not the envelope {code, message, data}';
  }
  if (DATABASE_REFUSED_VALUE.has(message)) return 'the database refused a value its schema let through (400 from the safety net)';
  return undefined;
}

const clip = (text: string | undefined, length = 300) => (text && text.length > length ? `${text.slice(0, length)}... (${text.length} chars)` : text);

describe.each(BACKENDS)('OpenAPI fuzz (%s)', (backend) => {
  let shop: TestShop;
  let player: Player & { refreshToken: string };
  let examples: Examples;
  let admin: TestOperator;

  const roleId = `fuzz-${process.pid}-${Date.now()}`;
  /** The game's launch of the fuzzing player's role: the same player every time, with a new session. */
  async function login(): Promise<void> {
    const tokens: TokenData = await shop.quickLogin({ roleId, accountId: `acc-${roleId}` });
    player = { token: tokens.token, refreshToken: tokens.refreshToken, roleId, appId: 10030 };
  }
  /** A generated logout, password change or refresh-token reuse may have ended the session: carry on with a fresh one. */
  async function keepSession(): Promise<void> {
    if ((await shop.api('GET', '/api/user/info', { token: player.token })).status === 401) await login();
    // a generated console logout or operator change may have ended the admin's session too
    if ((await shop.api('GET', '/api/console/v1/auth/me', { headers: { cookie: admin.cookie } })).status !== 200) admin = await loginOperator(shop, 'admin');
  }

  beforeAll(async () => {
    shop = await startShop(backend, { OPS_API_TOKEN: OPS_TOKEN, FEATURE_OTP_LOGIN: 'true', FEATURE_CART: 'true', CAPTCHA_IP_HOURLY_LIMIT: '100000' });
    await login();
    admin = await loginOperator(shop, 'admin');
    const { gameId, roles } = await freshGameAccount(shop);
    const bound = await bind(shop, player, 10030, gameId, roles[0]!);
    const packs = await vouchers(shop);
    const products = (await shop.api<ShopProduct[]>('POST', '/api/v1/product/list', { body: { appId: 10030 } })).body.data;
    const gifts = (await shop.api<ShopProduct[]>('POST', '/api/v1/product/list', { body: { appId: 10030, goodsType: 4 } })).body.data;
    const channels = await Promise.all((['xsolla', 'paypal', 'payermax'] as const).map((provider) => channelOf(shop, provider)));
    const { result: order } = await createOrder(shop, player, 'paypal');
    const captcha = await shop.api<{ captchaId: string }>('GET', '/api/common/captcha');
    examples = {
      appId: [10030, 10002],
      id: [...packs.map((p) => p.id), ...products.map((p) => p.id)],
      productId: [...products.map((p) => p.id), ...gifts.map((p) => p.id)],
      voucherSn: packs.map((p) => p.productSn),
      gameAccountId: [bound.body.data.id],
      orderId: [order.orderId],
      'ids[]': [order.orderId],
      orderSn: [order.orderSn],
      thirdOrderId: [order.ptOrderId],
      regionCode: ['US', 'DE'],
      selectedRegionCode: ['US', 'DE'],
      countryCode: ['US'],
      payMethodId: channels.map((c) => c.payMethodId),
      thirdChannelId: channels.map((c) => c.thirdChannelId),
      payMethodName: channels.map((c) => c.payMethodName),
      gameRoleId: [player.roleId],
      roleId: [player.roleId, roles[0]!.roleId],
      serverId: ['10001', roles[0]!.serverId],
      accountId: [`acc-${player.roleId}`],
      gameId: [gameId],
      currency: ['USD'],
      quantity: [1],
      captchaId: [captcha.body.data.captchaId],
      refreshToken: [player.refreshToken],
      email: ['fuzz@example.com'],
      mobile: [{ dialCode: '1', number: '2025550123' }],
      transactionId: ['fuzz-tx-1'],
      itemId: ['fuzz-item'],
      amount: [1],
    };
  });
  afterAll(() => shop?.close());

  it('answers every generated request with the envelope and never a 5xx', { timeout: 300_000 }, async () => {
    const document = (await (await fetch(`${shop.url}/api/docs/json`)).json()) as Parameters<typeof operationsOf>[0];
    const operations = operationsOf(document).filter((operation) => operation.path.startsWith('/api/'));
    expect(operations.length).toBeGreaterThan(50);

    const failures: string[] = [];
    const statuses = new Map<string, Record<number, number>>();
    let sent = 0;
    /** Sends one request; answers what is wrong with the answer, if anything. */
    const check = async (label: string, request: FuzzRequest) => {
      sent++;
      const answer = await send(shop.url, request);
      const counts = statuses.get(label) ?? {};
      counts[answer.status] = (counts[answer.status] ?? 0) + 1;
      statuses.set(label, counts);
      return problemOf(answer);
    };
    for (const operation of operations) {
      const context: RequestContext = {
        examples,
        authorization: (scheme) => (scheme === 'bearerAuth' ? `Bearer ${player.token}` : scheme === 'opsToken' ? `Bearer ${OPS_TOKEN}` : undefined),
        cookie: (scheme) => (scheme === 'consoleSession' ? admin.cookie : undefined),
        sign: (scheme, body): Record<string, string> => {
          if (scheme !== 'gameSignature') return {};
          const timestamp = Math.floor(Date.now() / 1000);
          return {
            'x-game-app-id': '10030',
            'x-game-timestamp': String(timestamp),
            'x-game-signature': signGameRequest(shop.config.gameServer.secrets[10030]!, timestamp, body),
          };
        },
      };
      for (const request of boundaryRequests(operation, context)) {
        const problem = await check(`${operation.method} ${operation.path} (sweep)`, request);
        if (problem) failures.push(`${operation.method} ${operation.path} (boundary sweep, ${request.kind}): ${problem}`);
      }
      await keepSession();
      const seed = seedOf(operation);
      const details = await fc.check(
        fc.asyncProperty(requestsFor(operation, context), async (request) => {
          const problem = await check(`${operation.method} ${operation.path}`, request);
          if (problem) throw new Error(problem);
        }),
        { seed, numRuns: RUNS, endOnFailure: true },
      );
      if (details.failed) {
        const [request] = details.counterexample ?? [];
        failures.push(
          `${operation.method} ${operation.path} (seed ${seed}, ${request?.kind}): ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n` +
            `    ${request?.method} ${clip(request?.url)} ${JSON.stringify(request?.headers)} ${clip(request?.body)}`,
        );
      }
      await keepSession();
    }

    if (process.env.FUZZ_DEBUG) for (const [label, counts] of statuses) process.stderr.write(`${backend} ${label} ${JSON.stringify(counts)}\n`);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(sent).toBeGreaterThan(operations.length * RUNS);
    expect(({} as Record<string, unknown>)['polluted'], 'Object.prototype was polluted').toBeUndefined();
  });
});
