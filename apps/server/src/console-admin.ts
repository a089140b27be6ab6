// The console's first operator (docs/deployment.md, "The publisher's console"), run with plain node from the build:
//   npm run console:admin -- --email ops@example.com --name "Ops lead"       (the configuration in the environment)
//   node --env-file=shop.env apps/server/dist/console-admin.js --email ... --name ...   (node reads shop.env)
// creates an admin, or gives an existing operator the admin role and a fresh start, and prints the one-time enrolment
// link where they choose a password and scan the TOTP secret. Uses the shop's own configuration (DATABASE_URL etc.).
// With the embedded database, stop the shop first: PGlite is opened by one process at a time.
//   npm run console:admin -- --demo-code   prints the development demo admin's current TOTP code.
import { parseArgs } from 'node:util';
import { operatorEmail } from '@shop/contract/console/access';
import { text } from '@shop/contract/fields';
import { ConfigError } from './config.ts';
import { loadShopConfig } from './load-config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ADMIN, OperatorsService } from './modules/console/access/operators.service.ts';
import { currentTotp } from './modules/console/access/totp.ts';

const USAGE = [
  'usage: console:admin --email <address> [--name <name>]   invites an admin (or makes the operator an admin again)',
  '       console:admin --demo-code                         the development demo admin\'s current TOTP code',
  '       console:admin --help',
  'It reads the shop\'s configuration from the environment (node --env-file=shop.env ...; docs/deployment.md).',
].join('\n');
const OPTIONS = { email: { type: 'string' }, name: { type: 'string' }, 'demo-code': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

async function run(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ options: OPTIONS }));
  } catch (error) {
    // an unknown option or a missing value: parseArgs' own sentence, not its stack
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values['demo-code']) {
    console.log(`${DEMO_ADMIN.email}: ${currentTotp(DEMO_ADMIN.totpSecret)} (valid for about 30 s)`);
    return 0;
  }
  const email = operatorEmail.safeParse(values.email ?? '');
  const name = text(100).safeParse(values.name ?? values.email?.split('@')[0] ?? '');
  if (!email.success || !name.success) {
    console.error(`${email.success ? 'name: 1 to 100 characters' : 'email: a valid e-mail address is required'}\n${USAGE}`);
    return 2;
  }
  const config = await loadShopConfig();
  const database = await openDatabase(config.database);
  try {
    const operators = new OperatorsService(database.db, { publicUrl: config.publicUrl, ...config.console });
    const link = await operators.inviteFromCommand({ email: email.data, name: name.data });
    console.log(`Admin ${link.operator.email} (${link.operator.name}) is invited.`);
    console.log(`Open this link once, before ${link.expiresAt}, to choose a password and set up the authenticator:`);
    console.log(`  ${link.invitationUrl}`);
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 2;
  } else throw error;
}
