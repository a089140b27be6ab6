import { consoleCreateChannel } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleCreateChannel, {
  handle: ({ input, tx, services }) => services.channelAdmin.createChannel(tx, input.body),
  audit: { kind: 'transaction', action: 'channel.create', entityType: 'channel', describe: (_input, view) => ({ entityId: view.id, after: view }) },
  afterCommit: (_outcome, { services }) => services.catalogueCaches.invalidate(),
});
