import { productDetailRoute } from '@shop/contract/products.schema';
import { defineHandler } from '../../../http/handler.ts';

/** Product detail is public; a valid bearer token (if sent) adds whether a free gift was claimed. */
export const handler = defineHandler(productDetailRoute, {
  handle: async ({ input: { body }, ctx: { language, request }, services: { countryPricing, products, tokens } }) => {
    const header = request.headers.authorization;
    const user = header?.startsWith('Bearer ') ? await tokens.verifyAccessToken(header.slice(7).trim()).catch(() => undefined) : undefined;
    return products.detail(body.id, language, user, body.gameAccountId, await countryPricing.pricingCountry(body.regionCode));
  },
});
