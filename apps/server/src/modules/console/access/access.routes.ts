import type { FastifyInstance } from 'fastify';
import {
  consoleAcceptInvitation,
  consoleAuditLog,
  consoleInvitation,
  consoleInviteOperator,
  consoleLogin,
  consoleLogout,
  consoleMe,
  consoleOperators,
  consoleRegenerateRecoveryCodes,
  consoleResetOperator,
  consoleUpdateOperator,
} from '@shop/contract/console/access';
import { registerRoute } from '../../../http/route.ts';
import type { Services } from '../../../services.ts';
import { searchAudit } from '../audit-search.ts';
import { actorOf, clearSessionCookie, setSessionCookie } from './console-session.ts';
import { newTotpSecret } from './totp.ts';

/** Operators' login, enrolment, and (admins) the operator accounts and the audit log. */
export function registerConsoleAccessRoutes(app: FastifyInstance, { operators, config, db, rateLimits }: Services): void {
  const secureCookie = config.publicUrl.startsWith('https://');
  const loginLimit = { rateLimit: rateLimits.route(app, 'login') };

  registerRoute(
    app,
    consoleLogin,
    async ({ body, request, reply }) => {
      const { token, me } = await operators.login(body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
      setSessionCookie(reply, token, config.console.maxAgeSeconds, secureCookie);
      return me;
    },
    loginLimit,
  );

  registerRoute(app, consoleLogout, async ({ operator, reply }) => {
    await operators.logout(operator);
    clearSessionCookie(reply, secureCookie);
    return null;
  });

  registerRoute(app, consoleMe, ({ operator }) => operators.me(operator));

  registerRoute(
    app,
    consoleInvitation,
    async ({ query }) => {
      const row = await operators.invitation(query.token);
      const totpSecret = newTotpSecret();
      return { email: row.email, name: row.name, role: row.role, totpSecret, otpauthUri: operators.invitationUri(row.email, totpSecret) };
    },
    loginLimit,
  );

  registerRoute(app, consoleAcceptInvitation, async ({ body, request }) => ({ recoveryCodes: await operators.acceptInvitation(body, request.ip) }), loginLimit);

  registerRoute(app, consoleRegenerateRecoveryCodes, async ({ body, operator, request }) => ({
    recoveryCodes: await operators.regenerateRecoveryCodes(actorOf(operator, request), operator.id, body.totp),
  }));

  registerRoute(app, consoleOperators, () => operators.list());
  registerRoute(app, consoleInviteOperator, ({ body, operator, request }) => operators.invite(actorOf(operator, request), body));
  registerRoute(app, consoleUpdateOperator, ({ body, params, operator, request }) => operators.update(actorOf(operator, request), params.id, body));
  registerRoute(app, consoleResetOperator, ({ params, operator, request }) => operators.reset(actorOf(operator, request), params.id));

  registerRoute(app, consoleAuditLog, ({ query }) => searchAudit(db, query));
}
