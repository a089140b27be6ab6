import type { FastifyInstance } from 'fastify';
import { consoleAnalyticsSummary } from '@shop/contract/console/analytics';
import { registerRoute } from '../../../http/route.ts';
import type { Services } from '../../../services.ts';

export function registerConsoleAnalyticsRoutes(app: FastifyInstance, { dashboard }: Services): void {
  registerRoute(app, consoleAnalyticsSummary, ({ query }) => dashboard.summary(query));
}
