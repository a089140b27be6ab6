import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../../http/handler.ts';
import type { Services } from '../../../services.ts';
import { handler as channels } from './handlers/channels.handler.ts';
import { handler as createChannel } from './handlers/create-channel.handler.ts';
import { handler as createGame } from './handlers/create-game.handler.ts';
import { handler as createProduct } from './handlers/create-product.handler.ts';
import { handler as createServer } from './handlers/create-server.handler.ts';
import { handler as exportCatalogue } from './handlers/export-catalogue.handler.ts';
import { handler as gameServers } from './handlers/game-servers.handler.ts';
import { handler as games } from './handlers/games.handler.ts';
import { handler as importCatalogue } from './handlers/import-catalogue.handler.ts';
import { handler as product } from './handlers/product.handler.ts';
import { handler as products } from './handlers/products.handler.ts';
import { handler as renameGame } from './handlers/rename-game.handler.ts';
import { handler as updateChannel } from './handlers/update-channel.handler.ts';
import { handler as updateProduct } from './handlers/update-product.handler.ts';
import { handler as updateServer } from './handlers/update-server.handler.ts';
import { handler as uploadMedia } from './handlers/upload-media.handler.ts';
import { registerGameArtRoute, registerMediaRoute } from './media.ts';

/**
 * The console's catalogue (`/api/console/v1/catalogue/...`): reads need catalogue.read, changes catalogue.write (both
 * checked by the console's auth hook); every change is audited by its declaration.
 */
export const consoleCatalogueHandlers = [
  games,
  createGame,
  renameGame,
  gameServers,
  createServer,
  updateServer,
  products,
  product,
  createProduct,
  updateProduct,
  channels,
  createChannel,
  updateChannel,
  uploadMedia,
  exportCatalogue,
  importCatalogue,
];

/** The console's catalogue routes, and the public `/media/<id>` images the catalogue shows. */
export function registerConsoleCatalogueRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, consoleCatalogueHandlers);
  registerMediaRoute(app, services.db);
  registerGameArtRoute(app, services.db);
}
