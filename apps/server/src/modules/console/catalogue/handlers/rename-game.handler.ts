import { consoleRenameGame } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';
import { gameChangeAction } from '../catalogue-rows.ts';

export const handler = defineHandler(consoleRenameGame, {
  handle: ({ input, tx, services }) => services.gameAdmin.renameGame(tx, input.params.appId, input.body),
  audit: {
    kind: 'transaction',
    action: 'game.rename',
    entityType: 'game',
    describe: ({ params }, { before, after }) => ({ entityId: params.appId, action: gameChangeAction(before, after), before, after }),
  },
  answer: ({ view }) => view,
  afterCommit: (_outcome, { services }) => services.catalogueCaches.invalidate(),
});
