import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { isObject, parseJsonObject, rawBody, useRawJsonAndForms } from '../shared/body.ts';
import { sendPage } from '../shared/page.ts';
import { sendError as error, isText } from './http.ts';
import { inGameStoreRoutes, storePath } from './in-game-store.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyGameRequest } from './signing.ts';
import { GameServerStore, type DeliveryItem, type SandboxRole } from './store.ts';
import { VoucherShopClient } from './voucher-shop.ts';

export { GameServerStore, DEMO_ACCOUNTS } from './store.ts';
export { signGameRequest, verifyGameRequest, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signing.ts';
export { IN_GAME_ITEMS } from './in-game-store.ts';

const shortTime = (iso: string) => iso.replace('T', ' ').slice(0, 19);

/**
 * Stand-in for the two games' servers under `/game-server`:
 * - `POST /game-server/api/{appId}/roles/lookup` {gameId} -> {gameId, accountName, roles: [{roleId, roleName, level, serverId, serverName}]}
 *   (404 GAME_ID_NOT_FOUND)
 * - `POST /game-server/api/{appId}/deliveries` {orderSn, gameId, serverId, roleId, items} -> {deliveryId, duplicate};
 *   idempotent by order number (also the `idempotency-key` header); 503 DELIVERY_UNAVAILABLE while the failure switch is on;
 *   409 ORDER_REVOKED once the order number was revoked
 * - `POST /game-server/api/{appId}/deliveries/revoke` {orderSn, reason?} (`idempotency-key` = orderSn, optional) ->
 *   {orderSn, revoked, duplicate}: revoked = a delivery of the order existed and its goods are taken back, false when the
 *   game never received it; a repeat answers the same with duplicate: true. Either way the order number is refused by any
 *   later delivery. 503 DELIVERY_UNAVAILABLE while the failure switch is on (one refusal, like a delivery).
 * All three need `x-game-timestamp` and `x-game-signature` (HMAC-SHA256 of `${ts}.${raw body}` with the game's secret),
 * else 401 INVALID_SIGNATURE; a bad body is 400 INVALID_PARAMETER. Errors are `{error: {code, message}}`.
 * The game side of the shop's voucher API (unsigned here, as a player's purchase in the game; signed towards the shop):
 * `POST /game-server/vouchers/balance` {appId, serverId, roleId}, `.../spend` {appId, serverId, roleId, amount, itemId,
 * itemName?, transactionId?} and `.../reverse` {appId, transactionId} answer what the shop answered.
 * The game's in-game voucher store per role (in-game-store.ts): `GET /game-server/store?appId&serverId&roleId` (page),
 * `GET /game-server/store.json?appId&serverId&roleId` -> {balance, items: [{itemId, name, price, canBuy}]} and
 * `POST /game-server/store/buy` (appId, serverId, roleId, itemId, purchaseId) -> 303 back to the page.
 * Test and demo controls (unsigned, sandbox only): `POST /game-server/control` {failDeliveries: n | true | false},
 * `POST /game-server/accounts` {appId, gameId, accountName, roles}, `GET /game-server/deliveries.json?appId&gameId&roleId&orderSn`
 * (rows with revokedAt and revokeReason, null unless revoked), and the page `GET /game-server` listing deliveries and
 * each role's store.
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
      // Checked before anything else: the order was refunded, so no retry of its delivery may ever land.
      if (store.isRevoked(signed.appId, orderSn))
        return error(reply, 409, 'ORDER_REVOKED', 'this order was revoked (refunded); its goods are not delivered');
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

    // The shop takes back the goods of a refunded order.
    scope.post('/game-server/api/:appId/deliveries/revoke', async (request, reply) => {
      const signed = signedBody(request, reply);
      if (!signed) return reply;
      const { orderSn, reason } = signed.body;
      if (!isText(orderSn) || (reason !== undefined && !isText(reason, 200)))
        return error(reply, 400, 'INVALID_PARAMETER', 'expected {orderSn, reason?}');
      const idempotencyKey = request.headers['idempotency-key'];
      if (idempotencyKey !== undefined && idempotencyKey !== orderSn)
        return error(reply, 400, 'INVALID_PARAMETER', 'the idempotency-key header must equal orderSn');
      if (store.takeFailure()) return error(reply, 503, 'DELIVERY_UNAVAILABLE', 'the game server is busy, try again later');
      const { revoked, duplicate } = store.revoke(signed.appId, orderSn, reason ?? null);
      return { orderSn, revoked, duplicate };
    });

    inGameStoreRoutes(scope, store, shop);

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
      rows: [
        ...deliveries.map((d): [string, string] => [
          `Game ${d.appId} · role ${d.roleId} (server ${d.serverId}, game ID ${d.gameId}) · ${shortTime(d.deliveredAt)}`,
          `${d.orderSn}: ${d.items.map((item) => `${item.productSn} × ${item.quantity}`).join(', ')}` +
            (d.revokedAt ? ` · REVOKED${d.revokeReason ? ` (${d.revokeReason})` : ''} at ${shortTime(d.revokedAt)}` : ''),
        ]),
        ...store.roles().map((role): [string, string] => [`In-game store · ${role.roleName} (game ${role.appId}, ${role.serverName})`, storePath(app.prefix, role)]),
      ],
      message: deliveries.length
        ? store.failDeliveries !== 0
          ? { text: 'Deliveries are being refused (failure switch on).', tone: 'error' }
          : undefined
        : { text: 'Nothing delivered yet. Goods of paid shop orders and claimed gifts appear here, newest first.', tone: 'info' },
      // Rows are escaped text, so the store links are written as their path and made clickable here (no request data in the script).
      script:
        'document.querySelectorAll("dd").forEach(function(dd){var path=dd.textContent||"";' +
        'if(/^\\/\\S*game-server\\/store\\?/.test(path)){var a=document.createElement("a");a.href=path;a.textContent=path;dd.replaceChildren(a);}});',
    });
  });
}
