import { consoleCreateGame } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleCreateGame, {
  handle: ({ input, tx, services }) => services.gameAdmin.createGame(tx, input.body),
  audit: { kind: 'transaction', action: 'game.create', entityType: 'game', describe: (_input, { created }) => ({ entityId: created.appId, after: created }) },
  answer: ({ view }) => view,
  afterCommit: (_outcome, { services }) => services.catalogueCaches.invalidate(),
});
