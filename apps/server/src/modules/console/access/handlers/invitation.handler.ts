import { consoleInvitation } from '@shop/contract/console/access';
import { defineHandler } from '../../../../http/handler.ts';
import { newTotpSecret } from '../totp.ts';

/** Who an invitation is for, with a fresh TOTP secret to scan. */
export const handler = defineHandler(consoleInvitation, {
  options: (app, { rateLimits }) => ({ rateLimit: rateLimits.route(app, 'login') }),
  handle: async ({ input, services: { operatorSessions } }) => {
    const row = await operatorSessions.invitation(input.query.token);
    const totpSecret = newTotpSecret();
    return { email: row.email, name: row.name, role: row.role, totpSecret, otpauthUri: operatorSessions.invitationUri(row.email, totpSecret) };
  },
});
