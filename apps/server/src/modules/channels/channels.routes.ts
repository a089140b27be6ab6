import type { FastifyInstance } from 'fastify';
import { channelListRoute, channelListForRegionRoute } from '@shop/contract/channels.schema';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';
import { devicePlatformOf, toPayChannel } from './channels.service.ts';

export function registerChannelRoutes(app: FastifyInstance, { channels, countries, games }: Services): void {
  registerRoute(app, channelListRoute, async ({ params, request }) => {
    await games.requireGame(params.appId);
    const region = await countries.countryOf(request);
    return (await channels.forRegion(params.appId, region, devicePlatformOf(request.headers['user-agent']))).map(toPayChannel);
  });
  registerRoute(app, channelListForRegionRoute, async ({ params, request }) => {
    await games.requireGame(params.appId);
    return (await channels.forRegion(params.appId, params.regionCode, devicePlatformOf(request.headers['user-agent']))).map(toPayChannel);
  });
}
