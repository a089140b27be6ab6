import type { FastifyInstance } from 'fastify';
import { voucherListRoute } from '@shop/contract/catalog.schema';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';

export function registerCatalogRoutes(app: FastifyInstance, { catalog, games }: Services): void {
  registerRoute(app, voucherListRoute, async ({ params, language }) => {
    await games.requireGame(params.appId);
    return catalog.voucherList(params.appId, language);
  }, { sharedData: true });
}
