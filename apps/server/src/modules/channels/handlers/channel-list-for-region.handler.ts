import { channelListForRegionRoute } from '@shop/contract/channels.schema';
import { defineHandler } from '../../../http/handler.ts';
import { devicePlatformOf, toPayChannel } from '../channels.service.ts';

export const handler = defineHandler(channelListForRegionRoute, {
  handle: async ({ input: { params }, ctx: { request }, services: { channels, games } }) => {
    await games.requireGame(params.appId);
    return (await channels.forRegion(params.appId, params.regionCode, devicePlatformOf(request.headers['user-agent']))).map(toPayChannel);
  },
});
