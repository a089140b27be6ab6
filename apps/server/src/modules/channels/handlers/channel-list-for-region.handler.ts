import { channelListForRegionRoute } from '@shop/contract/channels.schema';
import { pricingCountryOf } from '@shop/contract/pricing';
import { defineHandler } from '../../../http/handler.ts';
import { devicePlatformOf, toPayChannel } from '../channels.service.ts';

export const handler = defineHandler(channelListForRegionRoute, {
  handle: async ({ input: { params }, ctx: { request }, services: { channels, countryPricing, games } }) => {
    await games.requireGame(params.appId);
    const rows = await channels.forRegion(params.appId, params.regionCode, devicePlatformOf(request.headers['user-agent']));
    const country = pricingCountryOf(params.regionCode);
    return Promise.all(rows.map(async (row) => toPayChannel(row, await countryPricing.chargesLocal(country, row.thirdChannelName))));
  },
});
