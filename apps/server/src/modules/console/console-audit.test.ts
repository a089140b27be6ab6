import { describe, expect, it } from 'vitest';
import * as accessRoutes from '@shop/contract/console/access';
import * as analyticsRoutes from '@shop/contract/console/analytics';
import * as catalogueRoutes from '@shop/contract/console/catalogue';
import * as ordersRoutes from '@shop/contract/console/orders';
import * as playersRoutes from '@shop/contract/console/players';
import * as pricingRoutes from '@shop/contract/console/pricing';
import * as reportsRoutes from '@shop/contract/console/reports';
import * as opsRoutes from '@shop/contract/ops';
import type { RouteDef } from '@shop/contract/route';
import type { Handler } from '../../http/handler.ts';
import { opsHandlers } from '../ops/ops.routes.ts';
import { consoleAccessHandlers } from './access/access.routes.ts';
import { consoleAnalyticsHandlers } from './analytics/analytics.routes.ts';
import { consoleCatalogueHandlers } from './catalogue/catalogue.routes.ts';
import { consoleOrdersHandlers } from './orders/orders.routes.ts';
import { consolePlayersHandlers } from './players/players.routes.ts';
import { consolePricingHandlers } from './pricing/pricing.routes.ts';
import { consoleReportsHandlers } from './reports/reports.routes.ts';

/**
 * ADR 0045: every write of the console and of the ops routes is audited by its declaration, or says why not. The routes
 * come from the contract, so a new route is covered the day it is added; each has exactly one handler.
 */
const isRoute = (value: unknown): value is RouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'auth' in value && 'summary' in value;
const routesOf = (...modules: object[]) => modules.flatMap((module) => Object.values(module).filter(isRoute));
const label = (route: RouteDef) => `${route.method} ${route.path}`;

const AREAS: { name: string; routes: RouteDef[]; handlers: readonly Handler[] }[] = [
  {
    name: 'console',
    routes: routesOf(accessRoutes, analyticsRoutes, catalogueRoutes, ordersRoutes, playersRoutes, pricingRoutes, reportsRoutes),
    handlers: [...consoleAccessHandlers, ...consoleAnalyticsHandlers, ...consoleCatalogueHandlers, ...consoleOrdersHandlers, ...consolePlayersHandlers, ...consolePricingHandlers, ...consoleReportsHandlers],
  },
  { name: 'ops', routes: routesOf(opsRoutes), handlers: opsHandlers },
];

describe.each(AREAS)('the $name routes', ({ routes, handlers }) => {
  it('each has exactly one handler, and every handler serves a contract route', () => {
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) expect(handlers.filter((handler) => handler.route === route).length, label(route)).toBe(1);
    for (const handler of handlers) expect(routes, label(handler.route)).toContain(handler.route);
  });

  it('audit every write by declaration, or name why one is not audited', () => {
    const writes = handlers.filter((handler) => handler.route.method !== 'GET');
    expect(writes.length).toBeGreaterThan(0);
    for (const { route, audit } of writes) {
      expect(audit, label(route)).toBeDefined();
      if (audit!.kind === 'exempt') expect(audit!.reason.length, label(route)).toBeGreaterThan(20);
      else expect(audit!.action, label(route)).toMatch(/^[a-zA-Z]+(\.[a-zA-Z-]+)+$/);
    }
  });

  it('audit no read', () => {
    for (const { route, audit } of handlers.filter((handler) => handler.route.method === 'GET')) expect(audit, label(route)).toBeUndefined();
  });
});
