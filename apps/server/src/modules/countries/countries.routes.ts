import type { FastifyInstance } from 'fastify';
import { countryList, ipCountry } from '@shop/contract/countries.schema';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';

export function registerCountryRoutes(app: FastifyInstance, { countries }: Services): void {
  registerRoute(app, ipCountry, ({ request }) => countries.countryOf(request));
  registerRoute(app, countryList, () => countries.list());
}
