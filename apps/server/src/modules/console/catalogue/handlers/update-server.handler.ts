import { consoleUpdateServer } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleUpdateServer, {
  handle: ({ input, tx, services }) => services.serverAdmin.updateServer(tx, input.params.appId, input.params.serverId, input.body),
  audit: {
    kind: 'transaction',
    action: 'server.update',
    entityType: 'server',
    // A body that sets nothing changes nothing: no entry.
    describe: ({ params }, { change }) => (change ? { entityId: `${params.appId}/${params.serverId}`, ...change } : null),
  },
  answer: ({ view }) => view,
  afterCommit: (_outcome, { services }) => services.catalogueCaches.invalidate(),
});
