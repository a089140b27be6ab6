import type { FastifyInstance } from 'fastify';
import { countryListRoute, ipCountryRoute } from '@shop/contract/countries.schema';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';

export function registerCountryRoutes(app: FastifyInstance, { countries }: Services): void {
  registerRoute(app, ipCountryRoute, ({ request }) => countries.countryOf(request));
  registerRoute(app, countryListRoute, () => countries.list());
}
