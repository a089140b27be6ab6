import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../../http/handler.ts';
import type { Services } from '../../../services.ts';
import { handler as countryPricing } from './handlers/country-pricing.handler.ts';
import { handler as exchangeRates } from './handlers/exchange-rates.handler.ts';
import { handler as exportPrices } from './handlers/export-prices.handler.ts';
import { handler as importPrices } from './handlers/import-prices.handler.ts';
import { handler as importRates } from './handlers/import-rates.handler.ts';
import { handler as pricePreview } from './handlers/price-preview.handler.ts';
import { handler as productPrices } from './handlers/product-prices.handler.ts';
import { handler as recomputePrices } from './handlers/recompute-prices.handler.ts';
import { handler as resetProductPrices } from './handlers/reset-product-prices.handler.ts';
import { handler as setProductPrices } from './handlers/set-product-prices.handler.ts';
import { handler as updateCountryPricing } from './handlers/update-country-pricing.handler.ts';

/**
 * The console's local prices (`/api/console/v1/pricing/...`, ADR 0050): reads need catalogue.read, changes
 * catalogue.write (both checked by the console's auth hook); every change is audited by its declaration.
 */
export const consolePricingHandlers = [
  countryPricing,
  updateCountryPricing,
  exchangeRates,
  importRates,
  productPrices,
  setProductPrices,
  resetProductPrices,
  recomputePrices,
  pricePreview,
  exportPrices,
  importPrices,
];

export function registerConsolePricingRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, consolePricingHandlers);
}
