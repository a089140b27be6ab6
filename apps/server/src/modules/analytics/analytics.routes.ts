import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../http/handler.ts';
import type { Services } from '../../services.ts';
import { handler as recordEvent } from './handlers/record-event.handler.ts';

export const analyticsHandlers = [recordEvent];

export function registerAnalyticsRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, analyticsHandlers);
}
