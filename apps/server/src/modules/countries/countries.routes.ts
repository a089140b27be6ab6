import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../http/handler.ts';
import type { Services } from '../../services.ts';
import { handler as countryList } from './handlers/country-list.handler.ts';
import { handler as ipCountry } from './handlers/ip-country.handler.ts';

export const countryHandlers = [ipCountry, countryList];

export function registerCountryRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, countryHandlers);
}
