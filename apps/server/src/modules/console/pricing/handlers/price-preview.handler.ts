import { consolePricePreview } from '@shop/contract/console/pricing';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consolePricePreview, {
  handle: ({ input, services }) => services.pricePreviews.preview(input.params.productId, input.query.regionCode),
});
