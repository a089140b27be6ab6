import { ipCountry } from '@shop/contract/countries.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(ipCountry, {
  handle: ({ ctx, services }) => services.countries.countryOf(ctx.request),
});
