import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../http/handler.ts';
import type { Services } from '../../services.ts';
import { handler as channelList } from './handlers/channel-list.handler.ts';
import { handler as channelListForRegion } from './handlers/channel-list-for-region.handler.ts';

export const channelHandlers = [channelList, channelListForRegion];

export function registerChannelRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, channelHandlers);
}
