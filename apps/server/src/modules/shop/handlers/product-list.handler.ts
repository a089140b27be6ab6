import { productListRoute } from '@shop/contract/products.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(productListRoute, {
  options: { sharedData: true },
  handle: async ({ input, ctx, services }) =>
    services.products.list(input.body.appId, input.body, ctx.language, await services.countryPricing.pricingCountry(input.body.regionCode)),
});
