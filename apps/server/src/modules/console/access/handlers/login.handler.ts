import { consoleLogin } from '@shop/contract/console/access';
import { defineHandler } from '../../../../http/handler.ts';
import { unauthenticated } from '../../../../shared/domain-errors.ts';
import { secureCookies, setSessionCookie } from '../console-session.ts';

/** The password is checked before the transaction; a failed second factor is counted (committed) before it is refused. */
export const handler = defineHandler(consoleLogin, {
  options: (app, { rateLimits }) => ({ rateLimit: rateLimits.route(app, 'login') }),
  prepare: ({ input, services }) => services.operatorSessions.checkPassword(input.body),
  handle: ({ input, ctx, tx, prepared, services }) =>
    services.operatorSessions.signIn(tx, input.body, prepared, { ip: ctx.request.ip, userAgent: ctx.request.headers['user-agent'] ?? '' }),
  audit: {
    kind: 'transaction',
    action: 'operator.login',
    entityType: 'operator',
    describe: ({ body }, signIn, ctx) =>
      signIn.failed
        ? null
        : {
            entityId: signIn.operator.id,
            ...(body.recoveryCode ? { action: 'operator.login-recovery-code' } : {}),
            actor: { operatorId: signIn.operator.id, name: signIn.operator.email, ip: ctx.request.ip },
          },
  },
  answer: (signIn, { ctx, services: { config } }) => {
    if (signIn.failed) throw unauthenticated('consoleLoginFailed');
    setSessionCookie(ctx.reply, signIn.token, config.console.maxAgeSeconds, secureCookies(config.publicUrl));
    return signIn.me;
  },
});
