import { voucherListRoute } from '@shop/contract/catalog.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(voucherListRoute, {
  options: { sharedData: true },
  handle: async ({ input, ctx, services: { catalog, countryPricing, games } }) => {
    await games.requireGame(input.params.appId);
    return catalog.voucherList(input.params.appId, ctx.language, await countryPricing.pricingCountry(input.query.regionCode));
  },
});
