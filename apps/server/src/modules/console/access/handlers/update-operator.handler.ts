import { consoleUpdateOperator } from '@shop/contract/console/access';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleUpdateOperator, {
  handle: ({ input, ctx, tx, services }) => services.operators.update(tx, ctx.operator.id, input.params.id, input.body),
  audit: { kind: 'transaction', action: 'operator.update', entityType: 'operator', describe: ({ params }, change) => ({ entityId: params.id, ...change }) },
  answer: ({ after }) => after,
});
