import { channelListRoute } from '@shop/contract/channels.schema';
import { pricingCountryOf } from '@shop/contract/pricing';
import { defineHandler } from '../../../http/handler.ts';
import { devicePlatformOf, toPayChannel } from '../channels.service.ts';

/** The channels of the caller's region (by IP or the country header). */
export const handler = defineHandler(channelListRoute, {
  handle: async ({ input, ctx: { request }, services: { channels, countryPricing, countries, games } }) => {
    await games.requireGame(input.params.appId);
    const region = await countries.countryOf(request);
    const rows = await channels.forRegion(input.params.appId, region, devicePlatformOf(request.headers['user-agent']));
    const country = pricingCountryOf(region);
    return Promise.all(rows.map(async (row) => toPayChannel(row, await countryPricing.chargesLocal(country, row.thirdChannelName))));
  },
});
