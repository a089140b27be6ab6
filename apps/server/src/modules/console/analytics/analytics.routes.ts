import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../../http/handler.ts';
import type { Services } from '../../../services.ts';
import { handler as summary } from './handlers/summary.handler.ts';

/** The publisher's dashboard. */
export const consoleAnalyticsHandlers = [summary];

export function registerConsoleAnalyticsRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, consoleAnalyticsHandlers);
}
