import { consoleAcceptInvitation } from '@shop/contract/console/access';
import { defineHandler } from '../../../../http/handler.ts';

/** The password is hashed before the transaction; the entry is the enrolled operator's own. */
export const handler = defineHandler(consoleAcceptInvitation, {
  options: (app, { rateLimits }) => ({ rateLimit: rateLimits.route(app, 'login') }),
  prepare: ({ input, services }) => services.operatorSessions.enrolmentSecrets(input.body),
  handle: ({ input, tx, prepared, services }) => services.operatorSessions.acceptInvitation(tx, input.body, prepared),
  audit: {
    kind: 'transaction',
    action: 'operator.enrol',
    entityType: 'operator',
    describe: (_input, { operator }, ctx) => ({ entityId: operator.id, actor: { operatorId: operator.id, name: operator.email, ip: ctx.request.ip } }),
  },
  answer: ({ recoveryCodes }) => ({ recoveryCodes }),
});
