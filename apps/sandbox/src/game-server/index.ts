import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { isObject, parseJsonObject, rawBody, useRawJsonAndForms } from '../shared/body.ts';
import { sendPage } from '../shared/page.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyGameRequest } from './signing.ts';
import { GameServerStore, type DeliveryItem, type SandboxRole } from './store.ts';
import { VoucherShopClient } from './voucher-shop.ts';

export { GameServerStore, DEMO_ACCOUNTS } from './store.ts';
export { signGameRequest, verifyGameRequest, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signing.ts';

const error = (reply: FastifyReply, status: number, code: string, message: string) => reply.code(status).send({ error: { code, message } });
const isText = (value: unknown, max = 64): value is string => typeof value === 'string' && value.trim().length > 0 && value.length <= max;

/**
 * Stand-in for the two games' servers under `/game-server`:
 * - `POST /game-server/api/{appId}/roles/lookup` {gameId} -> {gameId, accountName, roles: [{roleId, roleName, level, serverId, serverName}]}
 *   (404 GAME_ID_NOT_FOUND)
 * - `POST /game-server/api/{appId}/deliveries` {orderSn, gameId, serverId, roleId, items} -> {deliveryId, duplicate};
 *   idempotent by order number (also the `idempotency-key` header); 503 DELIVERY_UNAVAILABLE while the failure switch is on
 * Both need `x-game-timestamp` and `x-game-signature` (HMAC-SHA256 of `${ts}.${raw body}` with the game's secret), else 401.
 * The game side of the shop's voucher API (unsigned here, as a player's purchase in the game; signed towards the shop):
 * `POST /game-server/vouchers/balance` {appId, serverId, roleId}, `.../spend` {appId, serverId, roleId, amount, itemId,
 * itemName?, transactionId?} and `.../reverse` {appId, transactionId} answer what the shop answered.
 * Test and demo controls (unsigned, sandbox only): `POST /game-server/control` {failDeliveries: n | true | false},
 * `POST /game-server/accounts` {appId, gameId, accountName, roles}, `GET /game-server/deliveries.json?appId&gameId&roleId&orderSn`,
 * and the page `GET /game-server` listing deliveries per role.
 */
export async function gameServerPlugin(
  app: FastifyInstance,
  opts: { store?: GameServerStore; secrets?: Record<number, string>; shopApiUrl?: () => string | undefined } = {},
): Promise<void> {
  const store = opts.store ?? new GameServerStore();
  const secrets = opts.secrets ?? SANDBOX_CREDENTIALS.gameServers.secrets;
  const shop = new VoucherShopClient(opts.shopApiUrl ?? (() => undefined), secrets);

  await app.register(async (scope) => {
    await useRawJsonAndForms(scope);

    /** Checks the signature and parses the body; answers the error itself and returns undefined when refused. */
    const signedBody = (request: FastifyRequest, reply: FastifyReply) => {
      const appId = Number((request.params as { appId: string }).appId);
      const secret = secrets[appId];
      if (!secret) {
        void error(reply, 404, 'UNKNOWN_GAME', `no game server for appId ${appId}`);
        return undefined;
      }
      const raw = rawBody(request);
      if (!verifyGameRequest(secret, request.headers[TIMESTAMP_HEADER], request.headers[SIGNATURE_HEADER], raw)) {
        void error(reply, 401, 'INVALID_SIGNATURE', 'missing, wrong or stale signature');
        return undefined;
      }
      const body = parseJsonObject(raw);
      if (!body) {
        void error(reply, 400, 'INVALID_PARAMETER', 'expected a JSON object');
        return undefined;
      }
      return { appId, body };
    };

    scope.post('/game-server/api/:appId/roles/lookup', async (request, reply) => {
      const signed = signedBody(request, reply);
      if (!signed) return reply;
      const gameId = signed.body['gameId'];
      if (!isText(gameId)) return error(reply, 400, 'INVALID_PARAMETER', 'gameId is required');
      const account = store.account(signed.appId, gameId.trim());
      if (!account) return error(reply, 404, 'GAME_ID_NOT_FOUND', 'no account with this game ID');
      return { gameId: account.gameId, accountName: account.accountName, roles: account.roles };
    });

    scope.post('/game-server/api/:appId/deliveries', async (request, reply) => {
      const signed = signedBody(request, reply);
      if (!signed) return reply;
      const { orderSn, gameId, serverId, roleId, items } = signed.body;
      if (!isText(orderSn) || !isText(gameId) || !isText(serverId) || !isText(roleId) || !Array.isArray(items) || !items.every(isObject))
        return error(reply, 400, 'INVALID_PARAMETER', 'expected {orderSn, gameId, serverId, roleId, items: [...]}');
      const account = store.account(signed.appId, gameId);
      if (!account?.roles.some((role) => role.roleId === roleId && role.serverId === serverId))
        return error(reply, 404, 'ROLE_NOT_FOUND', 'no such role on this server');
      if (store.takeFailure()) return error(reply, 503, 'DELIVERY_UNAVAILABLE', 'the game server is busy, try again later');
      const { delivery, duplicate } = store.deliver({
        appId: signed.appId,
        orderSn,
        gameId,
        serverId,
        roleId,
        items: items as unknown as DeliveryItem[],
      });
      return { deliveryId: delivery.id, duplicate };
    });

    // A player buys an item in the game with vouchers: the game server spends them through the shop's signed API.
    scope.post('/game-server/vouchers/:action', async (request, reply) => {
      const { action } = request.params as { action: string };
      const body = parseJsonObject(rawBody(request));
      const appId = Number(body?.['appId']);
      if (!body || !secrets[appId]) return error(reply, 400, 'INVALID_PARAMETER', 'expected {appId, ...}');
      const role = { serverId: String(body['serverId'] ?? ''), roleId: String(body['roleId'] ?? '') };
      let result;
      if (action === 'balance') result = await shop.balance(appId, role);
      else if (action === 'spend') {
        result = await shop.spend(appId, {
          ...role,
          amount: Number(body['amount']),
          itemId: String(body['itemId'] ?? ''),
          ...(typeof body['itemName'] === 'string' ? { itemName: body['itemName'] } : {}),
          ...(typeof body['transactionId'] === 'string' ? { transactionId: body['transactionId'] } : {}),
        });
      } else if (action === 'reverse') result = await shop.reverse(appId, String(body['transactionId'] ?? ''));
      else return reply.callNotFound();
      return reply.code(result.status).send(result.answer);
    });

    scope.post('/game-server/control', async (request, reply) => {
      const body = parseJsonObject(rawBody(request));
      const fail = body?.['failDeliveries'];
      if (typeof fail === 'boolean') store.failDeliveries = fail ? -1 : 0;
      else if (typeof fail === 'number' && Number.isInteger(fail) && fail >= 0) store.failDeliveries = fail;
      else return error(reply, 400, 'INVALID_PARAMETER', 'expected {failDeliveries: true | false | count}');
      return { failDeliveries: store.failDeliveries };
    });

    scope.post('/game-server/accounts', async (request, reply) => {
      const body = parseJsonObject(rawBody(request));
      const appId = Number(body?.['appId']);
      const roles = body?.['roles'];
      if (!secrets[appId] || !isText(body?.['gameId']) || !Array.isArray(roles) || !roles.length)
        return error(reply, 400, 'INVALID_PARAMETER', 'expected {appId, gameId, accountName, roles: [{roleId, roleName, level, serverId, serverName}]}');
      store.addAccount({
        appId,
        gameId: body['gameId'] as string,
        accountName: typeof body['accountName'] === 'string' ? body['accountName'] : String(body['gameId']),
        roles: roles as SandboxRole[],
      });
      return reply.code(201).send({ ok: true });
    });
  });

  app.get('/game-server/deliveries.json', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    reply.header('cache-control', 'no-store');
    return {
      deliveries: store.list({
        appId: query['appId'] ? Number(query['appId']) : undefined,
        gameId: query['gameId'],
        roleId: query['roleId'],
        orderSn: query['orderSn'],
      }),
    };
  });

  app.get('/game-server', async (_request, reply) => {
    const deliveries = store.list();
    return sendPage(reply, 200, {
      provider: 'Sandbox game servers',
      accent: '#344054',
      heading: `Deliveries received (${deliveries.length})`,
      rows: deliveries.map((d) => [
        `Game ${d.appId} · role ${d.roleId} (server ${d.serverId}, game ID ${d.gameId}) · ${d.deliveredAt.replace('T', ' ').slice(0, 19)}`,
        `${d.orderSn}: ${d.items.map((item) => `${item.productSn} × ${item.quantity}`).join(', ')}`,
      ]),
      message: deliveries.length
        ? store.failDeliveries !== 0
          ? { text: 'Deliveries are being refused (failure switch on).', tone: 'error' }
          : undefined
        : { text: 'Nothing delivered yet. Goods of paid shop orders and claimed gifts appear here, newest first.', tone: 'info' },
    });
  });
}
