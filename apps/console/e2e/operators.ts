import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { currentTotp } from '../../server/src/modules/console/access/totp.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The first admin, as production makes it: `npm run console:admin` on the shop's database, before the shop starts. */
export function inviteFirstAdmin(shopEnv: NodeJS.ProcessEnv, email: string): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/console-admin.ts', '--email', email, '--name', 'First admin'], { cwd: ROOT, env: shopEnv, encoding: 'utf8' });
  const link = /https?:\/\/\S+\/console\/enrol\?token=\S+/.exec(run.stdout)?.[0];
  if (run.status !== 0 || !link) throw new Error(`console:admin failed (${run.status}): ${run.stdout}\n${run.stderr}`);
  return link;
}

export interface ConsoleOperator {
  email: string;
  password: string;
  totpSecret: string;
  recoveryCodes: string[];
  /** The last TOTP time step this operator used (each step is accepted once). */
  lastStep: number;
}

const stepOf = (ms: number) => Math.floor(ms / 30_000);

/** A TOTP code this operator has not used yet: the current step's, or the next one's (one step of drift is accepted). */
export async function freshCode(operator: ConsoleOperator): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.max(stepOf(now), operator.lastStep + 1);
    if (step <= stepOf(now) + 1) {
      operator.lastStep = step;
      return currentTotp(operator.totpSecret, step * 30_000);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Opens an enrolment link in a fresh browser context: password, the TOTP secret scanned (read from the page), a code. */
export async function enrol(browser: Browser, link: string, email: string, password: string): Promise<ConsoleOperator> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(link);
    await page.getByTestId('enrol-secret').waitFor();
    const totpSecret = (await page.getByTestId('enrol-secret').innerText()).trim();
    await page.getByTestId('enrol-password').fill(password);
    await page.getByTestId('enrol-confirm').fill(password);
    const lastStep = stepOf(Date.now());
    await page.getByTestId('enrol-totp').fill(currentTotp(totpSecret, lastStep * 30_000));
    await page.getByTestId('enrol-submit').click();
    await page.getByTestId('recovery-codes').waitFor();
    const recoveryCodes = (await page.getByTestId('recovery-codes').locator('pre').innerText()).split('\n').map((code) => code.trim()).filter(Boolean);
    return { email, password, totpSecret, recoveryCodes, lastStep };
  } finally {
    await context.close();
  }
}

/** Logs an operator in, in a new browser context (its own cookie), with a TOTP code it has not used yet. */
export async function consoleLogin(browser: Browser, shopUrl: string, operator: ConsoleOperator, locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
  const page = await context.newPage();
  await page.goto(`${shopUrl}/console/login`);
  await page.getByTestId('login-email').fill(operator.email);
  await page.getByTestId('login-password').fill(operator.password);
  await page.getByTestId('login-code').fill(await freshCode(operator));
  await page.getByTestId('login-submit').click();
  await page.getByTestId('operator-name').waitFor();
  return page;
}

/** An admin invites an operator in the Operators screen; answers the one-time enrolment link shown. */
export async function inviteOperator(admin: Page, shopUrl: string, email: string, name: string, role: 'admin' | 'finance' | 'support'): Promise<string> {
  await admin.goto(`${shopUrl}/console/operators`);
  await admin.getByTestId('operator-invite').click();
  await admin.getByTestId('invite-email').fill(email);
  await admin.getByTestId('invite-name').fill(name);
  await admin.getByTestId('invite-role').click();
  await admin.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${role}$`, 'i') }).click();
  await admin.getByTestId('invite-submit').click();
  const link = (await admin.getByTestId('invitation-link').innerText()).trim();
  return link;
}
