import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { registerConsoleAccessRoutes } from './access/access.routes.ts';
import { registerConsoleAnalyticsRoutes } from './analytics/analytics.routes.ts';
import { registerConsoleCatalogueRoutes } from './catalogue/catalogue.routes.ts';
import { registerConsoleOrdersRoutes } from './orders/orders.routes.ts';
import { registerConsolePlayersRoutes } from './players/players.routes.ts';
import { registerConsolePricingRoutes } from './pricing/pricing.routes.ts';
import { registerConsoleReportsRoutes } from './reports/reports.routes.ts';

/**
 * The publisher's console API (`/api/console/v1/...`): every route has auth 'operator' and a permission
 * (contract console/access.ts), except login and enrolment. Each area registers its own routes here.
 */
export function registerConsoleRoutes(app: FastifyInstance, services: Services): void {
  registerConsoleAccessRoutes(app, services);
  registerConsoleCatalogueRoutes(app, services);
  registerConsolePricingRoutes(app, services);
  registerConsoleOrdersRoutes(app, services);
  registerConsolePlayersRoutes(app, services);
  registerConsoleReportsRoutes(app, services);
  registerConsoleAnalyticsRoutes(app, services);
}
