import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BoundRole } from '@shop/contract/roles.schema';
import type { ApiAnswer, TestShop } from './harness.ts';
import { newPlayer, type Player } from './shopping.ts';

/** Helpers for the issue-4 shop tests: accounts on the sandbox game servers, bound roles, and "nothing written" checks. */

export interface SandboxRoleSpec {
  roleId: string;
  roleName: string;
  level: number;
  serverId: string;
  serverName: string;
}

let seq = 0;
/** Registers a fresh game ID with `roles` roles on the sandbox game server of a game. */
export async function freshGameAccount(shop: TestShop, appId = 10030, roles = 1): Promise<{ gameId: string; roles: SandboxRoleSpec[] }> {
  seq += 1;
  const gameId = `${appId}${process.pid}${seq}${Math.floor(Math.random() * 1e6)}`;
  const list = Array.from({ length: roles }, (_, i) => ({
    roleId: `${gameId}-${i + 1}`,
    roleName: `Hero${seq}_${i + 1}`,
    level: 10 + i,
    serverId: String(i + 1),
    serverName: appId === 10030 ? ['S1 - Dawn', 'S2 - Outpost', 'S3 - Wasteland'][i] ?? `S${i + 1}` : `S${i + 1}`,
  }));
  const response = await fetch(`${shop.url}/sandbox/game-server/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appId, gameId, accountName: `Account ${gameId}`, roles: list }),
  });
  expect(response.status).toBe(201);
  return { gameId, roles: list };
}

export async function bind(shop: TestShop, player: Player, appId: number, gameId: string, role: { roleId: string; serverId: string }, setDefault?: boolean) {
  return shop.api<BoundRole>('POST', '/api/v1/role/bind', {
    token: player.token,
    body: { appId, gameId, roleId: role.roleId, serverId: role.serverId, ...(setDefault !== undefined ? { setDefault } : {}) },
  });
}

/** A player (quick login) with one freshly bound role the game server knows (deliveries reach it). */
export async function playerWithRole(shop: TestShop, appId = 10030): Promise<{ player: Player; account: BoundRole; gameId: string }> {
  const player = await newPlayer(shop, appId);
  const { gameId, roles } = await freshGameAccount(shop, appId);
  const answer = await bind(shop, player, appId, gameId, roles[0]!);
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  return { player, account: answer.body.data, gameId };
}

export interface Delivered {
  orderSn: string;
  gameId: string;
  roleId: string;
  items: { productId: number; quantity: number; goodsType: number; config: Record<string, unknown> }[];
  /** Set when the shop revoked the order's goods (refund). */
  revokedAt: string | null;
}

export async function deliveries(shop: TestShop, query: Record<string, string>): Promise<Delivered[]> {
  const response = await fetch(`${shop.url}/sandbox/game-server/deliveries.json?${new URLSearchParams(query)}`);
  return ((await response.json()) as { deliveries: Delivered[] }).deliveries;
}

export async function failDeliveries(shop: TestShop, value: boolean | number): Promise<void> {
  const response = await fetch(`${shop.url}/sandbox/game-server/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ failDeliveries: value }),
  });
  expect(response.status).toBe(200);
}

/**
 * What a refused request must not change: row counts of every table the shop writes, and a digest of the mutable
 * columns of orders and game accounts.
 */
export async function dbState(shop: TestShop): Promise<string> {
  const result = await shop.services.db.execute(sql`
    SELECT
      (SELECT count(*) FROM orders) AS orders,
      (SELECT count(*) FROM order_items) AS items,
      (SELECT count(*) FROM order_status_history) AS history,
      -- jobs a request writes (an order's expiry, delivery, revoke); the recurring sweeps schedule themselves meanwhile
      (SELECT count(*) FROM jobs WHERE kind LIKE 'order.%') AS jobs,
      (SELECT count(*) FROM gift_claims) AS claims,
      (SELECT count(*) FROM refund_requests) AS refunds,
      (SELECT count(*) FROM game_accounts) AS accounts,
      (SELECT md5(coalesce(string_agg(id || ':' || status || ':' || coalesce(deleted_at::text, '') || ':' || coalesce(pay_channel_id::text, ''), ',' ORDER BY id), '')) FROM orders) AS orders_digest,
      (SELECT md5(coalesce(string_agg(id || ':' || coalesce(owner_user_id::text, '') || ':' || account_id, ',' ORDER BY id), '')) FROM game_accounts) AS accounts_digest,
      (SELECT md5(coalesce(string_agg(user_id || ':' || game_account_id || ':' || is_default, ',' ORDER BY user_id, game_account_id), '')) FROM player_roles) AS bindings_digest`);
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
}

/** Sends a request that must be refused: checks the envelope (HTTP status = body code, a message) and that nothing changed. */
export async function expectRefused(shop: TestShop, status: number, send: () => Promise<ApiAnswer>, message?: RegExp | string): Promise<ApiAnswer> {
  const before = await dbState(shop);
  const answer = await send();
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.code).toBe(status);
  expect(typeof answer.body.message).toBe('string');
  expect(answer.body.message.length).toBeGreaterThan(0);
  if (message) expect(answer.body.message).toMatch(message);
  expect(await dbState(shop)).toBe(before);
  return answer;
}

/** Waits for an e-mail in the sandbox outbox to `to` whose subject or text mentions `about`. */
export async function waitForMail(shop: TestShop, to: string, about: string): Promise<{ subject: string; text: string }> {
  const end = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${shop.url}/sandbox/outbox.json?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: { subject?: string; text: string }[] };
    const mail = messages.find((message) => `${message.subject ?? ''} ${message.text}`.includes(about));
    if (mail) return { subject: mail.subject ?? '', text: mail.text };
    if (Date.now() > end) throw new Error(`no mail to ${to} about ${about}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
