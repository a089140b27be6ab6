import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as accessRoutes from '@shop/contract/console/access';
import { OperatorRole, roleAllows } from '@shop/contract/console/access';
import * as catalogueRoutes from '@shop/contract/console/catalogue';
import * as ordersRoutes from '@shop/contract/console/orders';
import * as playersRoutes from '@shop/contract/console/players';
import * as reportsRoutes from '@shop/contract/console/reports';
import type { RouteDef } from '@shop/contract/route';
import type { z } from 'zod';
import { BACKENDS, startShop, type ApiAnswer, type TestShop } from '../../../test/harness.ts';
import { catalogueState } from '../../../test/catalogue.ts';
import { loginOperator, type TestOperator } from '../../../test/console.ts';
import { dbState } from '../../../test/game.ts';
import { operatorSessions } from '../../db/schema.ts';
import { apiUrl } from '../../http/route.ts';

/**
 * Every console operation, taken from the contract (so a new route is covered the day it is added): refused without a
 * session, with a session that ended (logout) or went stale (idle past the timeout: its TOTP login is too old), and to
 * every role the route's permission does not allow; each refusal is the envelope and changes nothing. And every one of
 * them is in the OpenAPI document with the contract's schemas.
 */
const isRoute = (value: unknown): value is RouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'auth' in value && 'summary' in value;
const CONSOLE_ROUTES = [accessRoutes, catalogueRoutes, ordersRoutes, playersRoutes, reportsRoutes].flatMap((module) => Object.values(module).filter(isRoute));
const OPERATOR_ROUTES = CONSOLE_ROUTES.filter((route) => route.auth === 'operator');

/** A request line for a route: path parameters filled with ids that exist in the demo data. */
const PARAM_VALUES: Record<string, string> = { id: '1', appId: '10030', serverId: '1', gameAccountId: '1' };
const urlOf = (route: RouteDef) => apiUrl(route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => PARAM_VALUES[name] ?? '1'));
const label = (route: RouteDef) => `${route.method} ${route.path}`;

describe.each(BACKENDS)('every console operation (%s)', (backend) => {
  let shop: TestShop;
  const sessions: Partial<Record<OperatorRole, TestOperator>> = {};

  beforeAll(async () => {
    shop = await startShop(backend);
    for (const role of OperatorRole.options) sessions[role] = await loginOperator(shop, role);
  });
  afterAll(() => shop?.close());

  const everything = async () => {
    const sessionsDigest = await shop.services.db.execute(
      sql`SELECT md5(coalesce(string_agg(token_hash || ':' || coalesce(ended_at::text, ''), ',' ORDER BY token_hash), '')) AS s FROM operator_sessions`,
    );
    return [await dbState(shop), await catalogueState(shop), JSON.stringify((sessionsDigest as unknown as { rows: unknown[] }).rows[0])].join('|');
  };
  const send = (route: RouteDef, cookie?: string): Promise<ApiAnswer> =>
    shop.api(route.method, urlOf(route), { headers: cookie ? { cookie } : {}, ...(route.method === 'POST' ? { body: {} } : {}) });

  async function expectRefusedEverywhere(status: number, cookieFor: (route: RouteDef) => string | undefined, routes: RouteDef[] = OPERATOR_ROUTES) {
    const before = await everything();
    for (const route of routes) {
      const answer = await send(route, cookieFor(route));
      expect(answer.status, `${label(route)}: ${JSON.stringify(answer.body)}`).toBe(status);
      expect(answer.body, label(route)).toMatchObject({ code: status, data: null });
      expect(answer.body.message.length, label(route)).toBeGreaterThan(0);
    }
    expect(await everything()).toBe(before);
  }

  it('finds the console operations in the contract, each with a permission unless it is the login or the enrolment', () => {
    expect(OPERATOR_ROUTES.length).toBeGreaterThan(40);
    for (const route of OPERATOR_ROUTES) {
      if (['/console/v1/auth/logout', '/console/v1/auth/me', '/console/v1/auth/recovery-codes'].includes(route.path)) continue;
      expect(route.permission, label(route)).toBeTruthy();
    }
    expect(CONSOLE_ROUTES.filter((route) => route.auth !== 'operator').map((route) => route.path).sort()).toEqual([
      '/console/v1/auth/invitation',
      '/console/v1/auth/invitation/accept',
      '/console/v1/auth/login',
    ]);
  });

  it('refuses every operation without a session (401)', async () => {
    await expectRefusedEverywhere(401, () => undefined);
  });

  it('refuses every operation to a role its permission does not allow (403), whatever the body', async () => {
    for (const role of OperatorRole.options) {
      const forbidden = OPERATOR_ROUTES.filter((route) => route.permission && !roleAllows(role, route.permission));
      if (role === 'admin') expect(forbidden).toEqual([]);
      else expect(forbidden.length, role).toBeGreaterThan(5);
      await expectRefusedEverywhere(403, () => sessions[role]!.cookie, forbidden);
    }
    // what the issue names: support may neither refund nor adjust vouchers; finance may not retry deliveries or manage operators
    const supportMay = (path: string) => OPERATOR_ROUTES.filter((route) => route.path === path).every((route) => roleAllows('support', route.permission!));
    expect(supportMay('/console/v1/orders/:id/refund')).toBe(false);
    expect(supportMay('/console/v1/order-queues/second-payments/:id/refund')).toBe(false);
    expect(supportMay('/console/v1/players/roles/:gameAccountId/vouchers')).toBe(false);
    expect(supportMay('/console/v1/orders/:id/retry-delivery')).toBe(true);
    expect(supportMay('/console/v1/orders/:id/refund-request/reject')).toBe(true);
  });

  it('refuses every operation with a session that ended or went stale (idle past the timeout), and never revives it', async () => {
    const ended = await loginOperator(shop, 'admin');
    expect((await shop.api('POST', '/api/console/v1/auth/logout', { headers: { cookie: ended.cookie } })).body.code).toBe(200);
    await expectRefusedEverywhere(401, () => ended.cookie);

    const stale = await loginOperator(shop, 'admin');
    await shop.services.db.update(operatorSessions).set({ lastSeenAt: new Date(Date.now() - (shop.config.console.idleTimeoutSeconds + 60) * 1000) });
    // the first request after the timeout ends the session (that is its only write); every later one is refused as well
    expect((await shop.api('GET', '/api/console/v1/auth/me', { headers: { cookie: stale.cookie } })).status).toBe(401);
    await shop.services.db.update(operatorSessions).set({ lastSeenAt: new Date() });
    await expectRefusedEverywhere(401, () => stale.cookie);
    // the other operators' sessions went stale with it (the update above touched every session): log them in again
    for (const role of OperatorRole.options) sessions[role] = await loginOperator(shop, role);
  });

  it('documents every console operation in OpenAPI with the contract’s summary, security and schemas', async () => {
    const document = (await (await fetch(`${shop.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string; security?: unknown; parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }>>;
    };
    for (const route of CONSOLE_ROUTES) {
      const path = apiUrl(route.path).replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, label(route)).toBeDefined();
      expect(operation!.summary, label(route)).toBe(route.summary);
      if (route.auth === 'operator') expect(operation!.security, label(route)).toEqual([{ consoleSession: [] }]);
      const parameters = (where: string) => (operation!.parameters ?? []).filter((parameter) => parameter.in === where).map((parameter) => parameter.name).sort();
      const keysOf = (schema: z.ZodType | undefined) => Object.keys((schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape ?? {}).sort();
      expect(parameters('path'), label(route)).toEqual(keysOf(route.params));
      expect(parameters('query'), label(route)).toEqual(keysOf(route.query));
      if (route.body) {
        const schema = operation!.requestBody?.content['application/json']?.schema ?? {};
        // a body is described, not left as "anything"
        expect(Object.keys(schema).length, `${label(route)} body schema`).toBeGreaterThan(0);
      }
    }
  });
});
