import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../http/handler.ts';
import type { Services } from '../../services.ts';
import { handler as voucherHistory } from './handlers/voucher-history.handler.ts';

export const voucherHandlers = [voucherHistory];

export function registerVoucherRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, voucherHandlers);
}
