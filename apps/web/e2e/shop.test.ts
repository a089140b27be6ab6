import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_PASSWORD, chromiumAvailable, registerByEmail, savedToken, useShopAndBrowser, type ShopAndBrowser, pickCountry, pickerValue } from './harness.ts';

type Provider = 'paypal' | 'xsolla' | 'payermax';
const enabled = chromiumAvailable();

/** The demo player of Breaking Dead, as the game's voucher link logs it in (README). */
const DEMO_LINK = '/voucher?appId=10030&roleId=10001001&serverId=10001&accountId=demo-10001&userLevel=12&language=en';
/** A game ID of the sandbox game server with two roles (IronWolf, NightOwl). */
const TWO_ROLE_GAME_ID = '1003000001';

interface Delivery {
  orderSn: string;
  roleId: string;
  items: { productId: number; quantity: number; goodsType: number }[];
}

async function deliveries(shopUrl: string, filter: { roleId: string } | { orderSn: string }): Promise<Delivery[]> {
  const response = await fetch(`${shopUrl}/sandbox/game-server/deliveries.json?appId=10030&${new URLSearchParams(filter)}`);
  return ((await response.json()) as { deliveries: Delivery[] }).deliveries;
}

/** The sandbox game server's failure switch: while on, it refuses every delivery (503). */
async function failDeliveries(shopUrl: string, on: boolean) {
  const response = await fetch(`${shopUrl}/sandbox/game-server/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ failDeliveries: on }),
  });
  expect(response.status).toBe(200);
}

/** Product names of a goods type as the server answers them in a language (its catalogue is translated). */
async function productNames(shopUrl: string, language: string, goodsType: number): Promise<Map<string, string>> {
  const response = await fetch(`${shopUrl}/api/v1/product/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify({ appId: 10030, goodsType }),
  });
  const { data } = (await response.json()) as { data: { id: number; productName: string }[] };
  return new Map(data.map((product) => [String(product.id), product.productName]));
}

/** The client state as the app keeps it in session storage (client-store.ts STATE_KEY), restored when a page starts. */
type SavedClientState = Record<string, unknown>;

/**
 * A guest is sent to /login; the game's link then logs the player in, and the shop opens. `clientState` is written to
 * session storage before every page of the context starts, as if the app had saved it on unload.
 */
async function logIn(ctx: ShopAndBrowser, clientState?: SavedClientState): Promise<Page> {
  const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  if (clientState) await context.addInitScript((state) => sessionStorage.setItem('shop-state', JSON.stringify(state)), clientState);
  const page = await context.newPage();
  await page.goto(`${ctx.shop.url}/home`);
  await page.waitForURL(/\/login/);
  await page.goto(ctx.shop.url + DEMO_LINK);
  await savedToken(page);
  await page.goto(`${ctx.shop.url}/home`);
  await page.getByTestId('tab-bar').waitFor();
  return page;
}

/** Presses a button on the provider's hosted checkout (a page of its own, or Xsolla's lightbox frame). */
async function pressAtProvider(page: Page, provider: Provider, button: 'Pay' | 'Decline' | 'Cancel') {
  if (provider === 'xsolla') {
    await page.frameLocator('iframe[src*="paystation4"]').getByRole('button', { name: button, exact: true }).click();
    return;
  }
  await page.waitForURL(provider === 'paypal' ? /\/sandbox\/paypal\/checkoutnow/ : /\/sandbox\/payermax\/cashier/);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** On the settlement screen: the receiving account and the provider's first channel, then Pay now. */
async function payOnSettlement(page: Page, provider: Provider, roleName?: string) {
  await page.waitForURL(/\/settlement/);
  const account = page.getByTestId('settlement-account');
  await expect.poll(() => account.locator('option').count()).toBeGreaterThan(0);
  if (roleName) {
    const value = await account.locator('option', { hasText: roleName }).getAttribute('value');
    await account.selectOption(value!);
  }
  await page.getByTestId('pay-channel').first().waitFor();
  const channel = page.locator(`[data-testid="pay-channel"][data-channel="${provider}"]`).first();
  // The list may still be replaced (a region change reloads it), and the channel may sit behind View More.
  await expect
    .poll(async () => {
      if (await channel.isVisible()) return true;
      const more = page.getByTestId('view-more');
      if (await more.isVisible()) await more.click().catch(() => undefined);
      return false;
    })
    .toBe(true);
  await channel.click();
  await expect.poll(() => channel.getAttribute('data-checked')).toBe('true');
  await page.getByTestId('pay-now').click();
}

async function confirmDialog(page: Page, button: string) {
  await page.locator('.adm-dialog-button', { hasText: button }).click();
}

describe.skipIf(!enabled)('the shop in Chromium', () => {
  const ctx = useShopAndBrowser();
  let page: Page;
  const wolfOrders: string[] = [];

  it('shows the shop with its tabs, descriptions, free items, tab bar (no cart) and contact bar', async () => {
    page = await logIn(ctx);
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByTestId('tab-description').textContent()).toContain('Gems');
    expect(await page.locator('[data-testid="product-card"]').first().getAttribute('data-goods-type')).toBe('1');
    await page.getByTestId('home-tab-vip').click();
    await expect.poll(() => page.locator('[data-testid="product-card"]').first().getAttribute('data-goods-type')).toBe('2');
    expect(await page.getByTestId('tab-description').textContent()).toContain('VIP');
    await page.getByTestId('free-section').getByTestId('product-card').first().waitFor();
    expect(await page.getByTestId('tab-cart').count()).toBe(0);
    for (const tab of ['tab-shop', 'tab-account', 'tab-profile']) expect(await page.getByTestId(tab).isVisible()).toBe(true);
    for (const link of ['terms', 'privacy', 'refund', 'contact', 'tutorial']) expect(await page.getByTestId(`contact-${link}`).count()).toBe(1);
    // Profile (the account screens' /my) sits in the same layout with the tab bar
    await page.getByTestId('tab-profile').click();
    await page.waitForURL(/\/my$/);
    await page.getByTestId('tab-bar').waitFor();
    await page.getByTestId('tab-shop').click();
    await page.waitForURL(/\/home$/);
    // vouchers are bought on the voucher page, for the current game account
    await page.getByTestId('home-tab-voucher').click();
    await expect.poll(() => page.locator('[data-testid="product-card"]').first().getAttribute('data-goods-type')).toBe('5');
    expect(await page.getByTestId('product-card').first().getAttribute('href')).toBe('/voucher');
    await page.getByTestId('home-tab-other').click();
    await expect.poll(() => page.locator('[data-testid="product-card"]').first().getAttribute('data-goods-type')).toBe('3');
    // the original price is struck through where it differs
    await page.getByTestId('home-tab-gems').click();
    await page.locator('[data-testid="product-card"] s.shop-price__original').first().waitFor();
    // the tabs answer the keyboard as tabs do: the chosen one is selected and focusable, arrows and End choose another
    expect(await page.getByTestId('home-tab-gems').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('home-tab-vip').getAttribute('tabindex')).toBe('-1');
    await page.getByTestId('home-tab-gems').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('home-tab-vip').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('home-tab-vip');
    await expect.poll(() => page.locator('[data-testid="product-card"]').first().getAttribute('data-goods-type')).toBe('2');
    await page.keyboard.press('End');
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('other');
    await page.keyboard.press('ArrowRight'); // wraps to the first
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('voucher');
  });

  it('binds two roles of one game ID through select-account-to-continue, sets a default and switches', async () => {
    await page.getByTestId('tab-account').click();
    await page.waitForURL(/\/role$/);
    await expect.poll(() => page.getByTestId('role-card').count()).toBe(1);
    for (const roleName of ['NightOwl', 'IronWolf']) {
      await page.getByTestId('bind-game-id').fill(` ${TWO_ROLE_GAME_ID} `);
      await page.getByTestId('lookup').click();
      await page.getByTestId('select-account').waitFor();
      expect(await page.getByTestId('found-role').count()).toBe(2);
      await page.getByTestId('found-role').filter({ hasText: roleName }).click();
      await page.getByTestId('bind-role').click();
      await page.getByTestId('role-card').filter({ hasText: roleName }).waitFor();
    }
    expect(await page.getByTestId('role-card').count()).toBe(3);
    // an unknown game ID is refused with the server's message, nothing is added
    await page.getByTestId('bind-game-id').fill('999999999');
    await page.getByTestId('lookup').click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'No game account was found' }).waitFor();
    expect(await page.getByTestId('role-card').count()).toBe(3);

    const owl = page.getByTestId('role-card').filter({ hasText: 'NightOwl' });
    await owl.getByTestId('set-default').click();
    await expect.poll(() => owl.getAttribute('data-default')).toBe('true');
    expect(await page.locator('[data-testid="role-card"][data-default="true"]').count()).toBe(1);
    const wolf = page.getByTestId('role-card').filter({ hasText: 'IronWolf' });
    await wolf.getByTestId('switch-role').click();
    await expect.poll(() => wolf.getAttribute('data-current')).toBe('true');
    await page.getByTestId('tab-shop').click();
    await expect.poll(() => page.getByTestId('current-account').textContent()).toContain('IronWolf');
  });

  it('claims a free gift once ("go to claim" -> "rewards claimed successfully") and it reaches the game', async () => {
    await page.getByTestId('free-section').getByTestId('product-card').first().click();
    await page.waitForURL(/\/home\/freeGiftDetail/);
    await page.getByTestId('gift-account').getByText('IronWolf').waitFor();
    await page.getByTestId('claim-gift').click();
    await page.getByTestId('gift-claimed').getByText('Rewards claimed successfully').waitFor();
    await page.reload();
    await page.getByTestId('gift-claimed').waitFor();
    expect(await page.getByTestId('claim-gift').count()).toBe(0);
    await expect.poll(async () => (await deliveries(ctx.shop.url, { roleId: '1003000101' })).some((d) => d.items.some((i) => i.goodsType === 4)), { timeout: 20_000 }).toBe(true);
  });

  it('asks a guest who opens a free gift to log in, and brings him back to the gift afterwards', async () => {
    const gifts = await ctx.shop.api<{ id: number }[]>('POST', '/api/v1/product/list', { body: { appId: 10030, goodsType: 4 } });
    const gift = `/home/freeGiftDetail?id=${gifts.data[0]!.id}`;
    const email = `gift-${Date.now().toString(36)}@example.com`;
    const signUp = await ctx.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const registering = await signUp.newPage();
    await registering.goto(`${ctx.shop.url}/login/registerAccount`);
    await registerByEmail(registering, ctx.shop.url, email);
    await registering.waitForURL(/\/home$/);
    await signUp.close();

    const guest = await ctx.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const visitor = await guest.newPage();
    await visitor.goto(ctx.shop.url + gift);
    await visitor.getByTestId('login-page').waitFor();
    expect(new URL(visitor.url()).searchParams.get('redirect')).toBe(gift);
    await visitor.getByTestId('email').fill(email);
    await visitor.getByTestId('password').fill(E2E_PASSWORD);
    await visitor.getByTestId('login-submit').click();
    await visitor.getByTestId('gift-detail').waitFor();
    expect(new URL(visitor.url()).pathname + new URL(visitor.url()).search).toBe(gift);
    // a new account has no game account yet: the gift asks for one before it can be claimed
    expect(await visitor.getByTestId('claim-gift').isDisabled()).toBe(true);
    await guest.close();
  });

  it('shows product names in the language chosen in the dropdown or the query', async () => {
    const [english, german, japanese] = await Promise.all([
      productNames(ctx.shop.url, 'en', 1),
      productNames(ctx.shop.url, 'de', 1),
      productNames(ctx.shop.url, 'ja', 1),
    ]);
    await page.goto(`${ctx.shop.url}/home?tab=gems`);
    const card = page.getByTestId('product-card').first();
    await card.waitFor();
    const id = (await card.getAttribute('data-product-id'))!;
    expect(new Set([english.get(id), german.get(id), japanese.get(id)]).size).toBe(3);
    const name = card.getByTestId('product-name');
    await expect.poll(() => name.textContent()).toBe(english.get(id));
    await page.getByTestId('language-select').selectOption('de');
    await expect.poll(() => name.textContent()).toBe(german.get(id));
    await page.goto(`${ctx.shop.url}/home?tab=gems&language=ja`);
    const sameProduct = page.locator(`[data-testid="product-card"][data-product-id="${id}"]`).getByTestId('product-name');
    await expect.poll(() => sameProduct.textContent()).toBe(japanese.get(id));
    // the choice is remembered: back to English for the tests that follow
    await page.getByTestId('language-select').selectOption('en');
    await expect.poll(() => sameProduct.textContent()).toBe(english.get(id));
  });

  it.each<Provider>(['paypal', 'xsolla', 'payermax'])('buys gems with %s and sees them delivered to the game account', async (provider) => {
    const before = new Set((await deliveries(ctx.shop.url, { roleId: '1003000101' })).map((d) => d.orderSn));
    await page.goto(`${ctx.shop.url}/home?tab=gems`);
    await page.getByTestId('product-card').first().click();
    await page.waitForURL(/\/home\/goodsDetail/);
    await page.getByTestId('qty-plus').click();
    expect(await page.getByTestId('qty-input').inputValue()).toBe('2');
    await page.getByTestId('buy-now').click();
    await expect.poll(() => page.getByTestId('summary-items').textContent()).toBe('2');
    await payOnSettlement(page, provider, 'IronWolf');
    await pressAtProvider(page, provider, 'Pay');
    await page.waitForURL(/\/purchaseResult\?orderId=\d+/, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('purchase-result').getAttribute('data-outcome'), { timeout: 30_000 }).toBe('success');
    const fresh = async () => (await deliveries(ctx.shop.url, { roleId: '1003000101' })).filter((d) => !before.has(d.orderSn));
    await expect.poll(async () => (await fresh()).length, { timeout: 30_000 }).toBe(1);
    const delivered = (await fresh())[0]!;
    expect(delivered.items).toEqual([expect.objectContaining({ goodsType: 1, quantity: 2 })]);
    wolfOrders.push(delivered.orderSn);
  });

  it('shows the failure when the payment is declined, with a way to pay again', async () => {
    await page.goto(`${ctx.shop.url}/home?tab=gems`);
    await page.getByTestId('product-card').first().click();
    await page.getByTestId('buy-now').click();
    // the region starts at the caller's (unknown here: US) and reloads the channels when changed, as on the voucher page
    await expect.poll(() => pickerValue(page, 'settlement-region')).toBe('US');
    const german = page.waitForResponse((response) => response.url().endsWith('/api/v1/pay/channel/list/10030/DE'));
    await pickCountry(page, 'settlement-region', 'DE');
    await german;
    const american = page.waitForResponse((response) => response.url().endsWith('/api/v1/pay/channel/list/10030/US'));
    await pickCountry(page, 'settlement-region', 'US');
    await american.catch(() => undefined); // US may be answered from before
    await payOnSettlement(page, 'paypal', 'IronWolf');
    await pressAtProvider(page, 'paypal', 'Decline');
    await page.waitForURL(/\/purchaseResult\?orderId=\d+/, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('purchase-result').getAttribute('data-outcome'), { timeout: 30_000 }).toBe('failed');
    expect(await page.getByTestId('purchase-result-title').textContent()).toBe('Payment failed');
    expect(await page.getByTestId('to-my-order').isVisible()).toBe(true);
  });

  it('filters My Orders, cancels an unpaid order and requests a refund', async () => {
    expect(wolfOrders).toHaveLength(3);
    // two unpaid orders: leave PayPal with Cancel
    for (let i = 0; i < 2; i++) {
      await page.goto(`${ctx.shop.url}/home?tab=gems`);
      await page.getByTestId('product-card').first().click();
      await page.getByTestId('buy-now').click();
      await payOnSettlement(page, 'paypal', 'IronWolf');
      await pressAtProvider(page, 'paypal', 'Cancel');
      await page.waitForURL(/\/payment\/cancel/);
    }

    await page.goto(`${ctx.shop.url}/myOrder`);
    await page.getByTestId('my-order-card').first().waitFor();
    const statuses = async () => page.locator('[data-testid="my-order-card"]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status')));
    expect((await statuses()).filter((s) => s === '3').length).toBeGreaterThanOrEqual(3);

    await page.getByTestId('order-tab-pending').click();
    await expect.poll(statuses).toEqual(['0', '0']);
    await page.getByTestId('cancel-order').first().click();
    await confirmDialog(page, 'Cancel payment');
    await expect.poll(statuses).toEqual(['0']);
    await page.getByTestId('order-tab-cancelled').click();
    await expect.poll(async () => (await statuses()).sort()).toEqual(['5', '7']);
    // a finished order can be removed from the list
    await page.locator('[data-testid="my-order-card"][data-status="5"]').getByTestId('delete-order').click();
    await confirmDialog(page, 'Delete');
    await expect.poll(statuses).toEqual(['7']);

    // the other one is paid from My Orders with another payment method chosen on the purchase order screen
    await page.getByTestId('order-tab-pending').click();
    await expect.poll(statuses).toEqual(['0']);
    await page.getByTestId('pay-order').click();
    await page.waitForURL(/\/purchaseOrder\?id=\d+/);
    await expect.poll(() => page.getByTestId('pay-countdown').textContent()).toMatch(/^Pay within (29|30):\d\d$/);
    await page.getByTestId('pay-channel').first().waitFor();
    const payermax = page.locator('[data-testid="pay-channel"][data-channel="payermax"]').first();
    if (!(await payermax.count()) && (await page.getByTestId('view-more').isVisible())) await page.getByTestId('view-more').click();
    await payermax.click();
    await page.getByTestId('pay-again').click();
    await pressAtProvider(page, 'payermax', 'Pay');
    await page.waitForURL(/\/purchaseResult\?orderId=\d+/, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('purchase-result').getAttribute('data-outcome'), { timeout: 30_000 }).toBe('success');
    await page.goto(`${ctx.shop.url}/myOrder`);
    await page.getByTestId('my-order-card').first().waitFor();
    await page.getByTestId('order-tab-complete').click();
    await expect
      .poll(async () => {
        const shown = await statuses();
        return shown.length >= 5 && shown.every((s) => s === '3' || s === '2' || s === '8');
      })
      .toBe(true);

    const card = page.locator('[data-testid="my-order-card"][data-source="shop"]').first();
    await card.getByTestId('refund-order').click();
    await confirmDialog(page, 'Request refund');
    await page.getByText('Refund requested').waitFor();
    await card.getByTestId('open-order').click();
    await page.getByTestId('order-detail').getByTestId('refund-status').getByText('Requested').waitFor();
    expect(await page.getByTestId('detail-refund-order').count()).toBe(0);
    await page.context().close();
  });
});

describe.skipIf(!enabled)('the update dialog in Chromium', () => {
  const ctx = useShopAndBrowser();

  it.each([
    ['en', 'New version available', 'UPDATE NOW!'],
    ['ru', 'Доступна новая версия', 'ОБНОВИТЬ СЕЙЧАС!'],
  ])('asks the server for its build id every 60 s and offers the reload when it changed (%s)', async (language, title, button) => {
    const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.clock.install();
    let asked = 0;
    let served = 'same';
    await page.route('**/api/common/version', async (route) => {
      asked += 1;
      const response = await route.fetch();
      const real = (await response.json()) as { data: { buildId: string } };
      await route.fulfill({ json: { code: 200, message: 'OK', data: { buildId: served === 'same' ? real.data.buildId : 'a-newer-build' } } });
    });
    await page.goto(`${ctx.shop.url}/login?language=${language}`);
    await page.getByTestId('login-page').waitFor();
    await page.clock.runFor(59_000);
    expect(asked).toBe(0);
    await page.clock.runFor(1_000);
    await expect.poll(() => asked).toBe(1);
    // the same build: nothing is shown
    await page.clock.runFor(60_000);
    await expect.poll(() => asked).toBe(2);
    expect(await page.locator('.adm-dialog').count()).toBe(0);
    // a new build is out
    served = 'new';
    await page.clock.runFor(60_000);
    await page.locator('.adm-dialog').getByText(title).waitFor();
    const reloaded = page.waitForEvent('load');
    await page.locator('.adm-dialog-button', { hasText: button }).click();
    await reloaded;
    await context.close();
  });
});

describe.skipIf(!enabled)('the cart in Chromium (FEATURE_CART on)', () => {
  const ctx = useShopAndBrowser({ FEATURE_CART: 'true' });

  it('adds, changes, removes and checks out at most 10 items, with the badge counting', async () => {
    const page = await logIn(ctx);
    const badge = page.getByTestId('cart-badge');
    expect(await badge.getAttribute('data-badge')).toBe('');

    await page.goto(`${ctx.shop.url}/home?tab=gems`);
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    const first = await cards.nth(0).getAttribute('data-product-id');
    const second = await cards.nth(1).getAttribute('data-product-id');
    await cards.nth(0).click();
    for (let i = 0; i < 5; i++) await page.getByTestId('qty-plus').click();
    await page.getByTestId('add-to-cart').click(); // 6
    await page.getByText('Added to the cart').waitFor();
    await page.goto(`${ctx.shop.url}/home/goodsDetail?id=${second}`);
    for (let i = 0; i < 4; i++) await page.getByTestId('qty-plus').click();
    await page.getByTestId('add-to-cart').click(); // 5
    await page.getByTestId('tab-cart').waitFor({ state: 'detached' }).catch(() => undefined);

    await page.goto(`${ctx.shop.url}/shoppingCart`);
    await expect.poll(() => page.getByTestId('cart-badge').getAttribute('data-badge')).toBe('11');
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
    // 11 selected: more than one transaction may take
    await page.getByTestId('cart-checkout').click();
    await page.getByText('At most 10 items per transaction').waitFor();
    // nothing selected
    await page.getByTestId('select-all').uncheck();
    await page.getByTestId('cart-checkout').click();
    await page.getByText('Please select an item to purchase').waitFor();
    // a line cannot go above 10
    const line = page.locator(`[data-testid="cart-line"][data-product-id="${first}"]`);
    for (let i = 0; i < 5; i++) await line.getByTestId('cart-plus').click();
    await expect.poll(() => line.getAttribute('data-quantity')).toBe('10');
    await line.getByTestId('cart-plus').click();
    expect(await line.getAttribute('data-quantity')).toBe('10');
    await line.getByTestId('cart-minus').click();
    await expect.poll(() => line.getAttribute('data-quantity')).toBe('9');
    // remove the second line, select the first and check out 9 items
    await page.locator(`[data-testid="cart-line"][data-product-id="${second}"]`).getByTestId('cart-remove').click();
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    await expect.poll(() => page.getByTestId('cart-badge').getAttribute('data-badge')).toBe('9');
    await line.getByTestId('cart-select').check();
    await page.getByTestId('cart-checkout').click();
    await expect.poll(() => page.getByTestId('summary-items').textContent()).toBe('9');
    // to the player's only game account, the one the game's link logged in with
    await payOnSettlement(page, 'paypal');
    await pressAtProvider(page, 'paypal', 'Pay');
    await page.waitForURL(/\/purchaseResult/, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('purchase-result').getAttribute('data-outcome'), { timeout: 30_000 }).toBe('success');
    // the bought line left the cart
    await page.goto(`${ctx.shop.url}/shoppingCart`);
    await page.getByTestId('cart-empty').waitFor();
    expect(await page.getByTestId('cart-badge').getAttribute('data-badge')).toBe('');
    await expect.poll(async () => (await deliveries(ctx.shop.url, { roleId: '10001001' })).some((d) => d.items.some((i) => i.quantity === 9)), { timeout: 30_000 }).toBe(true);
    await page.context().close();
  });

  it('shows the count on the cart badge up to 99, and 99+ above it', async () => {
    /** A saved cart of `count` items, in lines of at most 10 (the most one line holds). */
    const savedCart = (count: number) => {
      const cartList = Array.from({ length: Math.ceil(count / 10) }, (_, index) => ({
        productId: 900_000 + index,
        appId: 10030,
        productName: `Seeded item ${index}`,
        thumbnail: '',
        price: 0.99,
        discountPrice: 0.99,
        currency: 'USD',
        goodsType: 1,
        quantity: Math.min(10, count - index * 10),
        selected: false,
      }));
      return { cartList, cartCount: count };
    };
    for (const [count, shown] of [
      [99, '99'],
      [100, '99+'],
      [150, '99+'],
    ] as const) {
      const page = await logIn(ctx, savedCart(count));
      await expect.poll(() => page.getByTestId('cart-badge').getAttribute('data-badge')).toBe(shown);
      expect(await page.getByTestId('tab-cart').locator('.shop-tabbar__badge').textContent()).toBe(shown);
      expect(await page.getByTestId('cart-badge').textContent()).toBe(`Items in the cart: ${shown}`);
      await page.context().close();
    }
  });
});

describe.skipIf(!enabled)('a delivery error in Chromium', () => {
  // Two delivery attempts 3 s apart: a paid order stays in 2 (being delivered) long enough to be seen, then goes to 8.
  const ctx = useShopAndBrowser({ DELIVERY_MAX_ATTEMPTS: '2', DELIVERY_RETRY_BASE_MS: '3000', JOBS_POLL_MS: '100' });

  it('shows "paid, being delivered", then the Delivery Error with a retry; Retry delivery in My Orders completes the order', { timeout: 150_000 }, async () => {
    const page = await logIn(ctx);
    await failDeliveries(ctx.shop.url, true);
    await page.goto(`${ctx.shop.url}/home?tab=gems`);
    await page.getByTestId('product-card').first().click();
    await page.getByTestId('buy-now').click();
    await payOnSettlement(page, 'paypal');
    await pressAtProvider(page, 'paypal', 'Pay');
    await page.waitForURL(/\/purchaseResult\?orderId=\d+/, { timeout: 20_000 });
    const orderId = Number(new URL(page.url()).searchParams.get('orderId'));

    const result = page.getByTestId('purchase-result');
    await expect.poll(() => result.getAttribute('data-outcome'), { timeout: 10_000 }).toBe('delivering');
    expect(await page.getByTestId('purchase-result-title').textContent()).toBe('Paid – delivering your items');
    expect(await page.getByTestId('purchase-result-text').textContent()).toContain('being delivered to your game account');
    // the screen keeps asking past 2 until the game refused the goods for the last time
    await expect.poll(() => result.getAttribute('data-outcome'), { timeout: 30_000 }).toBe('deliveryError');
    expect(await page.getByTestId('purchase-result-title').textContent()).toBe('Delivery failed');
    const text = await page.getByTestId('purchase-result-text').textContent();
    expect(text).toContain('we could not deliver your items');
    expect(text).not.toMatch(/keep trying/i);
    expect(await page.getByTestId('retry-delivery').isVisible()).toBe(true);
    expect(await deliveries(ctx.shop.url, { roleId: '10001001' })).toHaveLength(0);

    // The screen only asked how the order stands: nothing is retried until the player asks for it.
    await failDeliveries(ctx.shop.url, false);
    const { data: order } = await ctx.shop.api<{ orderSn: string; status: number }>('POST', '/api/v1/order/detail', { token: await savedToken(page), body: { orderId } });
    expect(order.status).toBe(8);

    await page.goto(`${ctx.shop.url}/myOrder`);
    const card = page.locator(`[data-testid="my-order-card"][data-order-id="${orderId}"]`);
    await expect.poll(() => card.getAttribute('data-status')).toBe('8');
    // the order detail offers it as well (the server's actions say so)
    await card.getByTestId('open-order').click();
    await page.getByTestId('order-detail').getByTestId('detail-retry-delivery').waitFor();
    await page.getByTestId('order-detail').getByRole('button', { name: 'Close' }).click();
    await card.getByTestId('retry-delivery').click();
    await page.getByText('Delivery queued again: we are sending your items to your game account.').waitFor();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 35_000 }).toBe('3');
    expect(await card.getByTestId('order-status').textContent()).toBe('Order Complete');
    expect(await card.getByTestId('retry-delivery').count()).toBe(0);
    const delivered = await deliveries(ctx.shop.url, { orderSn: order.orderSn });
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.roleId).toBe('10001001');
    await page.context().close();
  });
});
