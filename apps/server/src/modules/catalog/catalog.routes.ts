import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../http/handler.ts';
import type { Services } from '../../services.ts';
import { handler as voucherList } from './handlers/voucher-list.handler.ts';

export const catalogHandlers = [voucherList];

export function registerCatalogRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, catalogHandlers);
}
