import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, savedToken, useShopAndBrowser, voucherLink } from './harness.ts';

type Provider = 'paypal' | 'xsolla' | 'payermax';
const PROVIDERS: Provider[] = ['paypal', 'xsolla', 'payermax'];
const enabled = chromiumAvailable();
/** The header the shop reads the caller's country from here (COUNTRY_HEADER), as a CDN in front of it would set it. */
const COUNTRY_HEADER = 'x-e2e-country';
/** Where the screenshots go (not committed: test-results/ is ignored): E2E_SCREENSHOTS, else test-results/local-prices. */
const SCREENS = process.env.E2E_SCREENSHOTS ?? fileURLToPath(new URL('../../../test-results/local-prices', import.meta.url));

interface Pack {
  id: number;
  currency: string;
  productDiscountPrice: number;
  baseCurrency: string;
  baseDiscountPrice: number;
  taxIncluded: boolean;
}

/** Intl's spacing differs between runtimes (narrow no-break spaces), and so does the yen sign (¥ or its full-width ￥). */
const plain = (text: string) => text.replace(/\s/g, ' ').replace('￥', '¥').trim();
const expectedPrice = (amount: number, currency: string, locale: string) =>
  plain(new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount));

const COUNTRIES = [
  { language: 'en', locale: 'en-US', country: 'US', currency: 'USD', taxNote: undefined },
  { language: 'de', locale: 'de-DE', country: 'DE', currency: 'EUR', taxNote: 'inkl. 19 % MwSt.' },
  { language: 'ja', locale: 'ja-JP', country: 'JP', currency: 'JPY', taxNote: '税込（税率10%）' },
] as const;

describe.skipIf(!enabled)('the voucher page at local prices (issue 23) in Chromium', () => {
  const ctx = useShopAndBrowser({ COUNTRY_HEADER });
  mkdirSync(SCREENS, { recursive: true });

  let seq = 0;
  /** `beforeOpen`: runs on the new page before it opens the voucher link (a route to stand in for the server). */
  async function openVoucherPage(country: string, language: string, locale: string, beforeOpen?: (page: Page) => Promise<unknown>): Promise<Page> {
    seq += 1;
    const roleId = `e2e-local-${Date.now().toString(36)}-${seq}`;
    const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 }, locale, extraHTTPHeaders: { [COUNTRY_HEADER]: country } });
    const page = await context.newPage();
    await beforeOpen?.(page);
    await page.goto(voucherLink(ctx.shop, { roleId, language }));
    await page.getByTestId('voucher-card').first().waitFor();
    await page.locator('[data-testid="pay-channel"][data-checked="true"]').waitFor();
    return page;
  }

  const packsIn = async (country: string) =>
    (await ctx.shop.api<Pack[]>('POST', `/api/v1/voucher/list/10030?regionCode=${country}`)).data;

  async function choose(page: Page, provider: Provider, cardIndex: number) {
    await page.getByTestId('voucher-card').nth(cardIndex).click();
    await expect.poll(() => page.locator('[data-testid="voucher-card"][data-checked="true"]').count()).toBe(1);
    const channel = page.locator(`[data-testid="pay-channel"][data-channel="${provider}"]`).first();
    if (!(await channel.isVisible()) && (await page.getByTestId('view-more').isVisible())) await page.getByTestId('view-more').click();
    await channel.click();
    await expect.poll(() => channel.getAttribute('data-checked')).toBe('true');
  }

  async function payAtProvider(page: Page, provider: Provider) {
    await page.getByTestId('submit-order').click();
    if (provider === 'xsolla') {
      await page.frameLocator('iframe[src*="paystation4"]').getByRole('button', { name: 'Pay', exact: true }).click();
    } else {
      await page.waitForURL(provider === 'paypal' ? /\/sandbox\/paypal\/checkoutnow/ : /\/sandbox\/payermax\/cashier/);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
    }
    await page.waitForURL(/\/payment\/return/);
    await expect.poll(() => page.getByTestId('payment-return').getAttribute('data-outcome'), { timeout: 20_000 }).toBe('success');
  }

  async function lastOrder(page: Page) {
    const orders = await ctx.shop.api<{ list: { currency: string; payAmount: number; status: number }[] }>('GET', '/api/v1/order/list/all?pageNum=1', {
      token: await savedToken(page),
    });
    return orders.data.list[0];
  }

  it.each(COUNTRIES)('shows and charges $country prices in $language, paying through each provider', async ({ language, locale, country, currency, taxNote }) => {
    const packs = await packsIn(country);
    expect(packs[1]!.currency).toBe(currency);
    for (const provider of PROVIDERS) {
      const page = await openVoucherPage(country, language, locale);
      expect(await page.getByTestId('region-select').getAttribute('data-value')).toBe(country);
      // every card in the country's currency, formatted for the language (a comma in German, no decimals in yen)
      const shown = (await page.locator('[data-testid="voucher-card"] .shop-price__final').allInnerTexts()).map(plain);
      expect(shown).toEqual(packs.map((pack) => expectedPrice(pack.productDiscountPrice, currency, locale)));
      if (taxNote) expect(plain(await page.getByTestId('tax-note').innerText())).toBe(taxNote);
      else expect(await page.getByTestId('tax-note').count()).toBe(0);

      await choose(page, provider, 1);
      // these providers charge the local currency here: no base-price note, the bar shows the local price
      expect(await page.getByTestId('base-charge-note').count()).toBe(0);
      expect(plain(await page.locator('.vp-bar__amount .shop-price__final').innerText())).toBe(expectedPrice(packs[1]!.productDiscountPrice, currency, locale));
      if (provider === 'paypal') await page.screenshot({ path: join(SCREENS, `voucher-${language}-${country}.png`), fullPage: true });
      await payAtProvider(page, provider);
      expect(await lastOrder(page)).toMatchObject({ currency, payAmount: packs[1]!.productDiscountPrice, status: 3 });

      // the order history shows the order's own currency and amount
      if (provider === 'paypal') {
        await page.goto(`${ctx.shop.url}/voucher/OrderHistory`);
        const card = page.getByTestId('order-card').first();
        await card.waitFor();
        expect(plain(await card.innerText())).toContain(expectedPrice(packs[1]!.productDiscountPrice, currency, locale));
        await page.screenshot({ path: join(SCREENS, `order-history-${language}-${country}.png`), fullPage: true });
      }
      await page.context().close();
    }
  });

  it('says before paying that a method charges the base price in US dollars where it cannot charge the local currency, and charges that', async () => {
    const packs = await packsIn('ID');
    const pack = packs[0]!;
    expect(pack).toMatchObject({ currency: 'IDR', baseCurrency: 'USD' });
    const page = await openVoucherPage('ID', 'en', 'en-US');
    await choose(page, 'paypal', 0);
    const note = page.getByTestId('base-charge-note');
    expect(plain(await note.innerText())).toBe(`This method charges in US dollars: ${expectedPrice(pack.baseDiscountPrice, 'USD', 'en-US')}`);
    await page.screenshot({ path: join(SCREENS, 'voucher-en-ID-base-price.png'), fullPage: true });
    // another method of the same region charges rupiah: the note goes
    await choose(page, 'payermax', 0);
    await expect.poll(() => note.count()).toBe(0);
    await choose(page, 'paypal', 0);
    await payAtProvider(page, 'paypal');
    expect(await lastOrder(page)).toMatchObject({ currency: 'USD', payAmount: pack.baseDiscountPrice, status: 3 });
    await page.context().close();
  });

  it('reloads prices and channels together when the region changes, with no price of the previous region on screen', async () => {
    const listRequests: string[] = [];
    const page = await openVoucherPage('US', 'de', 'de-DE', async (page) =>
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/voucher/list/')) listRequests.push(new URL(request.url()).searchParams.get('regionCode') ?? '');
      }),
    );
    // the first load asks for the packs once, in the IP's region (the early request, taken by the page)
    expect(listRequests).toEqual(['US']);
    const japanese = await packsIn('JP');
    // Japan's packs answer after its channels: the page must not show the channels with the previous region's prices
    await page.route('**/api/v1/voucher/list/**', async (route) => {
      if (new URL(route.request().url()).searchParams.get('regionCode') === 'JP') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    // every price drawn while the selector shows Japan must be in yen: never the previous region's with the new region
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenPrices: string[] }).seenPrices = seen;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="region-select"]')?.getAttribute('data-value') !== 'JP') return;
        for (const element of document.querySelectorAll('[data-testid="voucher-card"] .shop-price__final')) seen.push(element.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    });
    await page.getByTestId('region-select').click();
    const popup = page.getByTestId('region-select-popup');
    await popup.locator('input').fill('JP');
    await popup.locator('[data-testid="region-select-option"][data-value="JP"]').click();
    await expect
      .poll(async () => (await page.locator('[data-testid="voucher-card"] .shop-price__final').allInnerTexts()).map(plain), { timeout: 15_000 })
      .toEqual(japanese.map((pack) => expectedPrice(pack.productDiscountPrice, 'JPY', 'de-DE')));
    const seen = await page.evaluate(() => (window as unknown as { seenPrices: string[] }).seenPrices);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((text) => !/[¥￥]/.test(text))).toEqual([]);
    await page.context().close();
  });

  it('refuses an order at a price that changed since the list, says so, reloads the prices and keeps the selection', async () => {
    const packs = await packsIn('DE');
    const pack = packs[1]!;
    // the lists the page gets until the order show the pack 1 € cheaper than the shop sells it now (an operator changed
    // it since); the early request and the page's own may both ask
    let priceChanged = false;
    const page = await openVoucherPage('DE', 'en', 'en-US', (page) =>
      page.route('**/api/v1/voucher/list/**', async (route) => {
        if (priceChanged) return route.continue();
        const response = await route.fetch();
        const body = (await response.json()) as { data: Pack[] };
        body.data[1]!.productDiscountPrice = pack.productDiscountPrice - 1;
        await route.fulfill({ response, json: body });
      }),
    );
    const bar = page.locator('.vp-bar__amount .shop-price__final');
    await choose(page, 'xsolla', 1);
    expect(plain(await bar.innerText())).toBe(expectedPrice(pack.productDiscountPrice - 1, 'EUR', 'en-US'));
    priceChanged = true;
    await page.getByTestId('submit-order').click();
    await expect.poll(() => page.locator('[data-sonner-toast][data-visible="true"]').allInnerTexts()).toContain('The price of this item has changed. Please review it and try again.');
    // the list is asked for again: today's price, the same pack and channel still picked, and nothing was ordered
    await expect.poll(async () => plain(await bar.innerText())).toBe(expectedPrice(pack.productDiscountPrice, 'EUR', 'en-US'));
    expect(await page.locator('[data-testid="voucher-card"][data-checked="true"]').count()).toBe(1);
    expect(await page.getByTestId('voucher-card').nth(1).getAttribute('data-checked')).toBe('true');
    expect(await page.locator('[data-testid="pay-channel"][data-channel="xsolla"]').first().getAttribute('data-checked')).toBe('true');
    expect(await lastOrder(page)).toBeUndefined();
    await payAtProvider(page, 'xsolla');
    expect(await lastOrder(page)).toMatchObject({ currency: 'EUR', payAmount: pack.productDiscountPrice, status: 3 });
    await page.context().close();
  });

  interface ShopProduct {
    id: number;
    currency: string;
    productDiscountPrice: number;
  }

  it.each(COUNTRIES)('prices the shop in $country for a player in $language: home, details, settlement, paid through each provider', async ({ language, locale, country, currency, taxNote }) => {
    const gems = (await ctx.shop.api<ShopProduct[]>('POST', '/api/v1/product/list', { body: { appId: 10030, goodsType: 1, regionCode: country } })).data;
    expect(gems[0]!.currency).toBe(currency);
    // a player who came from the game has no account country: the IP's decides
    const page = await openVoucherPage(country, language, locale);
    await savedToken(page);
    for (const provider of PROVIDERS) {
      await page.goto(`${ctx.shop.url}/home?tab=gems&language=${language}`);
      await page.getByTestId('product-card').first().waitFor();
      const cards = (await page.locator('[data-testid="product-card"] .shop-price__final').allInnerTexts()).map(plain);
      expect(cards.slice(0, gems.length)).toEqual(gems.map((product) => expectedPrice(product.productDiscountPrice, currency, locale)));
      if (provider === 'paypal') await page.screenshot({ path: join(SCREENS, `shop-${language}-${country}.png`), fullPage: true });

      await page.getByTestId('product-card').first().click();
      await page.waitForURL(/\/home\/goodsDetail/);
      await page.getByTestId('buy-now').click();
      await page.waitForURL(/\/settlement/);
      const total = page.getByTestId('summary-total');
      await expect.poll(() => total.getAttribute('data-currency')).toBe(currency);
      expect(plain(await total.innerText())).toBe(expectedPrice(gems[0]!.productDiscountPrice, currency, locale));
      if (taxNote) expect(plain(await page.getByTestId('tax-note').innerText())).toBe(taxNote);
      const channel = page.locator(`[data-testid="pay-channel"][data-channel="${provider}"]`).first();
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
      expect(await page.getByTestId('base-charge-note').count()).toBe(0);
      if (provider === 'paypal') await page.screenshot({ path: join(SCREENS, `settlement-${language}-${country}.png`), fullPage: true });
      await page.getByTestId('pay-now').click();
      if (provider === 'xsolla') {
        await page.frameLocator('iframe[src*="paystation4"]').getByRole('button', { name: 'Pay', exact: true }).click();
      } else {
        await page.waitForURL(provider === 'paypal' ? /\/sandbox\/paypal\/checkoutnow/ : /\/sandbox\/payermax\/cashier/);
        await page.getByRole('button', { name: 'Pay', exact: true }).click();
      }
      await page.waitForURL(/\/purchaseResult\?orderId=\d+/, { timeout: 20_000 });
      // paid: the sandbox game server knows no role of a random game account, so the delivery itself may be retried
      await expect.poll(() => page.getByTestId('purchase-result').getAttribute('data-outcome'), { timeout: 30_000 }).toMatch(/^(success|delivering)$/);
      expect(await lastOrder(page)).toMatchObject({ currency, payAmount: gems[0]!.productDiscountPrice });
    }
    await page.context().close();
  });
});
