import type { AppConfig } from './config.ts';
import { DEMO_ADMIN } from './modules/console/access/operators.service.ts';

/**
 * What the server prints once it listens. Production prints where it runs and on what database only: the demo links
 * (demo roles and accounts, the API documentation, the sandbox) are for a developer's machine. A newcomer must find a
 * way into every part from here: the voucher page, the shop behind a sign-in, the console.
 */
export function startupBanner(config: AppConfig, databaseKind: string): string {
  const url = config.publicUrl;
  const where = config.database.url || config.environment === 'production' ? '' : ` in ${config.database.dataDir}`;
  const running = `Game web shop is running on ${url} (${config.environment}, database: ${databaseKind}${where})`;
  if (config.environment === 'production') return running;
  const lines = [
    '',
    running,
    '',
    'Open the voucher shop as the games do:',
    `  Breaking Dead:        ${url}/voucher?appId=10030&roleId=10001001&serverId=10001&accountId=demo-10001&userLevel=12&language=en`,
    `  Myth Wars & Puzzles:  ${url}/voucher?appId=10002&roleId=20001001&serverId=10001&accountId=demo-20001&userLevel=8&language=de`,
    `  My orders:            ${url}/voucher/OrderHistory`,
    `The shop:               ${url}/home (signed in by opening a voucher link above first: that game's demo player;`,
    ...(config.sandbox.embedded
      ? [
          `                        or register at ${url}/login/registeraccount: solve the slide puzzle, then read`,
          `                        the code sent to your e-mail or phone at ${url}/sandbox/outbox)`,
        ]
      : [`                        or register at ${url}/login/registeraccount with a code sent through SMTP_URL or SMS_GATEWAY_URL)`]),
    `API documentation:      ${url}/api/docs`,
    ...(config.environment === 'development'
      ? [
          `Publisher's console:    ${url}/console (demo admin ${DEMO_ADMIN.email}, password ${DEMO_ADMIN.password};`,
          `                        code: npm run console:admin -- --demo-code, or add the TOTP secret ${DEMO_ADMIN.totpSecret}`,
          `                        to an authenticator app)`,
        ]
      : [`Publisher's console:    ${url}/console`]),
    ...(config.sandbox.embedded
      ? [
          `Sandbox providers:      ${url}/sandbox (PayPal, Xsolla, PayerMax stand-ins)`,
          `Sandbox game servers:   ${url}/sandbox/game-server (deliveries; game IDs to bind on /role: Breaking Dead 1003000001`,
          `                        (two roles), 1003000002; Myth Wars & Puzzles 1000200001 (two roles), 1000200002)`,
        ]
      : []),
    '',
  ];
  return lines.join('\n');
}
