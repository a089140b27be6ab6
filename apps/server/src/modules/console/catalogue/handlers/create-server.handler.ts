import { consoleCreateServer } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleCreateServer, {
  handle: ({ input, tx, services }) => services.serverAdmin.createServer(tx, input.params.appId, input.body),
  audit: { kind: 'transaction', action: 'server.create', entityType: 'server', describe: ({ params }, view) => ({ entityId: `${params.appId}/${view.serverId}`, after: view }) },
  afterCommit: (_outcome, { services }) => services.catalogueCaches.invalidate(),
});
