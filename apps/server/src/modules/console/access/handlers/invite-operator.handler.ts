import { consoleInviteOperator } from '@shop/contract/console/access';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleInviteOperator, {
  handle: ({ input, tx, services }) => services.operators.invite(tx, input.body),
  audit: { kind: 'transaction', action: 'operator.invite', entityType: 'operator', describe: (_input, link) => ({ entityId: link.operator.id, after: link.operator }) },
});
