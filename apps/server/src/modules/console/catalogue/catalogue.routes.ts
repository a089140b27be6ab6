import type { FastifyInstance } from 'fastify';
import {
  consoleChannels,
  consoleCreateChannel,
  consoleCreateGame,
  consoleCreateProduct,
  consoleCreateServer,
  consoleExportCatalogue,
  consoleGameServers,
  consoleGames,
  consoleImportCatalogue,
  consoleProduct,
  consoleProducts,
  consoleRenameGame,
  consoleUpdateChannel,
  consoleUpdateProduct,
  consoleUpdateServer,
  consoleUploadMedia,
} from '@shop/contract/console/catalogue';
import { registerRoute } from '../../../http/route.ts';
import type { Services } from '../../../services.ts';
import { actorOf } from '../access/console-session.ts';
import { CatalogueDocuments } from './catalogue-document.ts';
import { CatalogueAdmin } from './catalogue.service.ts';
import { registerGameArtRoute, registerMediaRoute } from './media.ts';

/** An image of at most 512 kB is about 700 kB of base64; a little more still gets the clear "too large" answer. */
const UPLOAD_BODY_LIMIT = 2 * 1024 * 1024;
/** A whole catalogue with its images. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * The console's catalogue (`/api/console/v1/catalogue/...`): reads need catalogue.read, changes catalogue.write (both
 * checked by the console's auth hook); every change is audited. Also the public `/media/<id>` images the catalogue
 * shows.
 */
export function registerConsoleCatalogueRoutes(app: FastifyInstance, services: Services): void {
  const { db, config, games, catalog, products, channels } = services;
  const admin = new CatalogueAdmin(db, config, { games, catalog, products, channels });
  const documents = new CatalogueDocuments(db, admin);

  registerRoute(app, consoleGames, () => admin.games());
  registerRoute(app, consoleCreateGame, ({ body, operator, request }) => admin.createGame(actorOf(operator, request), body));
  registerRoute(app, consoleRenameGame, ({ params, body, operator, request }) => admin.renameGame(actorOf(operator, request), params.appId, body));
  registerRoute(app, consoleGameServers, ({ params }) => admin.servers(params.appId));
  registerRoute(app, consoleCreateServer, ({ params, body, operator, request }) => admin.createServer(actorOf(operator, request), params.appId, body));
  registerRoute(app, consoleUpdateServer, ({ params, body, operator, request }) =>
    admin.updateServer(actorOf(operator, request), params.appId, params.serverId, body),
  );

  registerRoute(app, consoleProducts, ({ query }) => admin.listProducts(query));
  registerRoute(app, consoleProduct, ({ params }) => admin.product(params.id));
  registerRoute(app, consoleCreateProduct, ({ body, operator, request }) => admin.createProduct(actorOf(operator, request), body));
  registerRoute(app, consoleUpdateProduct, ({ params, body, operator, request }) => admin.updateProduct(actorOf(operator, request), params.id, body));

  registerRoute(app, consoleChannels, ({ query }) => admin.channels(query.appId, query.regionCode));
  registerRoute(app, consoleCreateChannel, ({ body, operator, request }) => admin.createChannel(actorOf(operator, request), body));
  registerRoute(app, consoleUpdateChannel, ({ params, body, operator, request }) => admin.updateChannel(actorOf(operator, request), params.id, body));

  registerRoute(app, consoleUploadMedia, ({ body, operator, request }) => admin.uploadMedia(actorOf(operator, request), body.data), {
    bodyLimit: UPLOAD_BODY_LIMIT,
  });

  registerRoute(app, consoleExportCatalogue, ({ query }) => documents.export(query.appId));
  registerRoute(
    app,
    consoleImportCatalogue,
    ({ query, body, operator, request }) => documents.import(actorOf(operator, request), body, query.dryRun === 'true'),
    { bodyLimit: IMPORT_BODY_LIMIT },
  );

  registerMediaRoute(app, db);
  registerGameArtRoute(app, db);
}
