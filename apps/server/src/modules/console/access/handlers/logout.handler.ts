import { consoleLogout } from '@shop/contract/console/access';
import { defineHandler } from '../../../../http/handler.ts';
import { clearSessionCookie, secureCookies } from '../console-session.ts';

export const handler = defineHandler(consoleLogout, {
  audit: { kind: 'exempt', reason: 'ending one’s own session changes nothing an operator answers for (the login is audited)' },
  handle: async ({ ctx, services }) => {
    await services.operatorSessions.logout(ctx.operator);
    clearSessionCookie(ctx.reply, secureCookies(services.config.publicUrl));
    return null;
  },
});
