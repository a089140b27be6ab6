import { describe, expect, it } from 'vitest';
import { chromiumAvailable, useShopAndBrowser } from '../../web/e2e/harness.ts';
import { enrol, freshCode, inviteFirstAdmin } from './operators.ts';

const enabled = chromiumAvailable();

/** A newcomer's first visit to the console: the login without a notice about a session they never had, labels that name the fields. */
describe.skipIf(!enabled)("the console's login on a first visit, in Chromium", () => {
  let adminLink = '';
  const ctx = useShopAndBrowser({}, (env) => {
    adminLink = inviteFirstAdmin(env, 'first-visit@console.test');
  });

  it('shows the login without "Your session ended", takes the fields by their labels, and returns to the page asked for', async () => {
    const admin = await enrol(ctx.browser, adminLink, 'first-visit@console.test', 'first-visit-password-1');
    const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${ctx.shop.url}/console/audit`);
    await page.getByTestId('login-page').waitFor();
    expect(new URL(page.url()).search).toBe(`?next=${encodeURIComponent('/audit')}`);
    expect(await page.getByTestId('login-session-ended').count()).toBe(0);

    // each label is bound to its input: a screen reader announces it, a click on it focuses the field
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByLabel('Authenticator code').fill(await freshCode(admin));
    await page.getByTestId('login-submit').click();
    await page.getByTestId('operator-name').waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/audit');
    await context.close();
  });
});
