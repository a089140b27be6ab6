import { consoleResetOperator } from '@shop/contract/console/access';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleResetOperator, {
  handle: ({ input, tx, services }) => services.operators.reset(tx, input.params.id),
  audit: { kind: 'transaction', action: 'operator.reset', entityType: 'operator', describe: ({ params }) => ({ entityId: params.id }) },
});
