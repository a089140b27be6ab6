import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isObject } from '../shared/body.ts';
import { sendPage, type PageSpec } from '../shared/page.ts';
import { sendError } from './http.ts';
import type { GameRole, GameServerStore } from './store.ts';
import { shopData, shopMessage, type VoucherShopClient } from './voucher-shop.ts';

export interface InGameItem {
  itemId: string;
  name: string;
  /** In vouchers (1 voucher = 1 US cent). */
  price: number;
}

/** What each game sells for vouchers in its own UI (the game's names, in English: this stands in for the game, not the shop). */
export const IN_GAME_ITEMS: Record<number, InGameItem[]> = {
  10030: [
    { itemId: 'gems-60', name: '60 Gems', price: 99 },
    { itemId: 'starter-bundle', name: 'Survivor Starter Bundle', price: 199 },
    { itemId: 'vip-30d', name: 'VIP 30 days', price: 499 },
    { itemId: 'vip-365d', name: 'VIP 365 days', price: 4999 },
    { itemId: 'legendary-crate', name: 'Legendary Supply Crate', price: 9999 },
  ],
  10002: [
    { itemId: 'gems-60', name: '60 Gems', price: 99 },
    { itemId: 'starter-bundle', name: 'Hero Starter Bundle', price: 199 },
    { itemId: 'vip-30d', name: 'VIP 30 days', price: 499 },
    { itemId: 'vip-365d', name: 'VIP 365 days', price: 4999 },
    { itemId: 'legendary-crate', name: 'Legendary Relic Crate', price: 9999 },
  ],
};

const PAGE = { provider: 'Sandbox game server · in-game store', accent: '#344054' } as const;
/** Purchase results kept for the page the buy redirects to; the oldest are forgotten past this many. */
const MAX_OUTCOMES = 1000;

const roleQuery = (role: GameRole) => ({ appId: String(role.appId), serverId: role.serverId, roleId: role.roleId });

/** Where a role's in-game store page is, under the sandbox's prefix. */
export const storePath = (prefix: string, role: GameRole) => `${prefix}/game-server/store?${new URLSearchParams(roleQuery(role))}`;

/**
 * The game's own voucher store for one role: `GET /game-server/store` (page), `GET /game-server/store.json` and
 * `POST /game-server/store/buy`. The balance comes from the shop; an item is offered only when the balance covers its
 * price (the spec: voucher buy buttons appear only when the balance is at least the item price).
 */
export function inGameStoreRoutes(scope: FastifyInstance, store: GameServerStore, shop: VoucherShopClient): void {
  const outcomes = new Map<string, NonNullable<PageSpec['message']>>();
  const outcomeKey = (role: GameRole, purchaseId: string) => `${role.appId}:${role.serverId}:${role.roleId}:${purchaseId}`;

  const roleFrom = (fields: Record<string, unknown>): GameRole | undefined => {
    const { appId, serverId, roleId } = fields;
    if (typeof serverId !== 'string' || typeof roleId !== 'string' || !IN_GAME_ITEMS[Number(appId)]) return undefined;
    return store.role(Number(appId), serverId, roleId);
  };

  /** The role's balance and the catalogue marked with what it can buy; no balance (and nothing buyable) when the shop did not tell. */
  const offerFor = async (role: GameRole) => {
    const result = await shop.balance(role.appId, { serverId: role.serverId, roleId: role.roleId });
    const reported = shopData(result)?.['balance'];
    const balance = typeof reported === 'number' ? reported : undefined;
    const items = IN_GAME_ITEMS[role.appId]!.map((item) => ({ ...item, canBuy: balance !== undefined && item.price <= balance }));
    return { balance, items, failure: balance === undefined ? shopMessage(result) : undefined };
  };

  scope.get('/game-server/store.json', async (request, reply) => {
    const role = roleFrom(request.query as Record<string, unknown>);
    if (!role) return sendError(reply, 404, 'ROLE_NOT_FOUND', 'expected appId, serverId and roleId of a role on this game server');
    const { balance, items, failure } = await offerFor(role);
    reply.header('cache-control', 'no-store');
    if (balance === undefined) return sendError(reply, 503, 'SHOP_UNAVAILABLE', `the voucher balance is unknown: ${failure}`);
    return { balance, items };
  });

  scope.get('/game-server/store', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const role = roleFrom(query);
    if (!role) return sendPage(reply, 404, { ...PAGE, heading: 'In-game store', message: { text: 'No such role on this game server.', tone: 'error' } });
    const { balance, items, failure } = await offerFor(role);
    const outcome = typeof query['purchase'] === 'string' ? outcomes.get(outcomeKey(role, query['purchase'])) : undefined;
    return sendPage(reply, 200, {
      ...PAGE,
      heading: `${role.roleName} (game ${role.appId}, ${role.serverName})`,
      message: failure ? { text: `The voucher balance is unknown: ${failure}.`, tone: 'error' } : outcome,
      rows: [
        ['Voucher balance', balance === undefined ? 'unknown' : `${balance} vouchers`],
        ...items.map((item): [string, string] => [
          item.name,
          `${item.price} vouchers${balance !== undefined && !item.canBuy ? ' · Not enough vouchers' : ''}`,
        ]),
      ],
      // Each render gets fresh purchase ids: a double submit of one form reuses its id, which the shop spends once.
      // The page's forms carry no fields of their own, so the purchase travels in the action's query string.
      buttons: items
        .filter((item) => item.canBuy)
        .map((item) => ({
          label: `Buy with vouchers: ${item.name} (${item.price})`,
          action: `${scope.prefix}/game-server/store/buy?${new URLSearchParams({ ...roleQuery(role), itemId: item.itemId, purchaseId: `store-${randomUUID()}` })}`,
          kind: 'primary' as const,
        })),
    });
  });

  scope.post('/game-server/store/buy', async (request, reply) => {
    const fields = { ...(request.query as Record<string, unknown>), ...(isObject(request.body) ? request.body : {}) };
    const role = roleFrom(fields);
    const item = role && IN_GAME_ITEMS[role.appId]!.find((candidate) => candidate.itemId === fields['itemId']);
    const purchaseId = fields['purchaseId'];
    if (!role || !item || typeof purchaseId !== 'string' || !/^[\w-]{1,64}$/.test(purchaseId))
      return sendError(reply, 400, 'INVALID_PARAMETER', 'expected appId, serverId, roleId, itemId of this game and purchaseId');
    // No balance check here: the shop refuses a spend it cannot cover, and its answer is what the player sees.
    const result = await shop.spend(role.appId, {
      serverId: role.serverId,
      roleId: role.roleId,
      amount: item.price,
      itemId: item.itemId,
      itemName: item.name,
      transactionId: purchaseId,
    });
    const spent = shopData(result);
    outcomes.set(
      outcomeKey(role, purchaseId),
      spent
        ? { text: `Bought ${item.name} for ${item.price} vouchers. Balance: ${String(spent['balance'])} vouchers.`, tone: 'success' }
        : { text: `Not bought: ${shopMessage(result)}.`, tone: 'error' },
    );
    if (outcomes.size > MAX_OUTCOMES) outcomes.delete(outcomes.keys().next().value!);
    // The outcome is looked up by purchase id rather than carried as text, so the page never shows text from a URL.
    return reply.redirect(`${storePath(scope.prefix, role)}&${new URLSearchParams({ purchase: purchaseId })}`, 303);
  });
}
