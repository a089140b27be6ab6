import { consoleRegenerateRecoveryCodes } from '@shop/contract/console/access';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleRegenerateRecoveryCodes, {
  handle: ({ input, ctx, tx, services }) => services.operatorSessions.regenerateRecoveryCodes(tx, ctx.operator.id, input.body.totp),
  audit: { kind: 'transaction', action: 'operator.recovery-codes', entityType: 'operator', describe: (_input, _codes, ctx) => ({ entityId: ctx.operator.id }) },
  answer: (recoveryCodes) => ({ recoveryCodes }),
});
