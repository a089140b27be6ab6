import { consoleUpdateChannel } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleUpdateChannel, {
  handle: ({ input, tx, services }) => services.channelAdmin.updateChannel(tx, input.params.id, input.body),
  audit: {
    kind: 'transaction',
    action: 'channel.update',
    entityType: 'channel',
    // A body that sets nothing changes nothing: no entry.
    describe: ({ params }, { change }) => (change ? { entityId: params.id, ...change } : null),
  },
  answer: ({ view }) => view,
  afterCommit: (_outcome, { services }) => services.catalogueCaches.invalidate(),
});
