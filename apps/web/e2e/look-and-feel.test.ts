import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { consoleLogin, enrol, inviteFirstAdmin } from '../../console/e2e/operators.ts';
import { chromiumAvailable, pickCountry, pickerValue, savedToken, useShopAndBrowser, voucherLink } from './harness.ts';

const enabled = chromiumAvailable();
/** The languages whose screenshots are taken (and looked at): Latin, CJK, Thai and Cyrillic scripts. */
const SCREEN_LANGUAGES = ['en', 'de', 'ja', 'th', 'ru'] as const;
const ALL_LANGUAGES = ['en', 'de', 'fr', 'it', 'pl', 'ru', 'ja', 'ko', 'es', 'pt', 'uk', 'da', 'id', 'th', 'tr', 'nl', 'no', 'sv', 'vi', 'el', 'zh', 'zh_TW'];
/** Where the screenshots go (not committed): LOOK_SCREENSHOTS, or a folder in the system's temp folder. */
const SCREENS = process.env.LOOK_SCREENSHOTS ?? join(tmpdir(), 'look-and-feel-screens');
const PHONE = { width: 375, height: 812 };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
/** A PNG of one colour, made here (an operator's upload in the test). */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const newRole = () => `look-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/**
 * Issue 14's look and feel, as a player sees it on a 375 px phone: each game's art from the catalogue (and an
 * operator's change of it through the console API), the discount and bonus badges, the numbered steps, the voucher
 * page's links on one row in every language; screenshots of each changed screen in five scripts, to look at.
 */
describe.skipIf(!enabled)("the shop's look (issue 14) in Chromium", () => {
  let adminLink = '';
  const ctx = useShopAndBrowser({}, (env) => {
    adminLink = inviteFirstAdmin(env, 'look@console.test');
  });
  mkdirSync(SCREENS, { recursive: true });

  async function voucherPage(language: string, appId = 10030): Promise<Page> {
    const context = await ctx.browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(voucherLink(ctx.shop, { appId, roleId: newRole(), language }));
    await page.getByTestId('voucher-card').first().waitFor();
    await page.locator('[data-testid="pay-channel"][data-checked="true"]').waitFor();
    return page;
  }

  /** Whether an image finished loading with pixels (not a broken or missing one). */
  const loaded = (page: Page, testId: string) =>
    page.getByTestId(testId).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  const naturalWidth = (page: Page, testId: string) => page.getByTestId(testId).evaluate((img: HTMLImageElement) => img.naturalWidth);
  /** Where the shop's art address of a game leads (the catalogue's image). */
  const artTarget = async (appId: number, kind: string) => (await fetch(`${ctx.shop.url}/media/games/${appId}/${kind}`, { redirect: 'manual' })).headers.get('location');

  it("shows the game's banner and icon from the catalogue on the voucher page and the shop home", async () => {
    for (const [appId, name] of [
      [10030, 'breaking-dead'],
      [10002, 'myth-wars'],
    ] as const) {
      const page = await voucherPage('en', appId);
      await expect.poll(() => loaded(page, 'game-banner')).toBe(true);
      await expect.poll(() => loaded(page, 'game-icon')).toBe(true);
      expect(await artTarget(appId, 'banner')).toBe(`/games/${name}-banner.svg`);
      expect(await naturalWidth(page, 'game-banner')).toBe(750);
      // the header's text stays above the banner
      const title = await page.getByTestId('game-name').boundingBox();
      const header = await page.locator('.vp-header').boundingBox();
      expect(title!.y).toBeGreaterThanOrEqual(header!.y);
      await page.goto(`${ctx.shop.url}/home`);
      await page.getByTestId('product-card').first().waitFor();
      await expect.poll(() => loaded(page, 'game-banner')).toBe(true);
      expect(await artTarget(appId, 'icon')).toBe(`/games/${name}-icon.svg`);
      expect(await naturalWidth(page, 'game-icon')).toBe(96);
      await page.context().close();
    }
  });

  it("shows an operator's new banner, uploaded through the console API, in the shop", async () => {
    const operator = await enrol(ctx.browser, adminLink, 'look@console.test', 'admin-password-123');
    const admin = await consoleLogin(ctx.browser, ctx.shop.url, operator);
    const png = solidPng(30, 10, [20, 160, 90]).toString('base64');
    const banner = await admin.evaluate(async (data) => {
      const call = async (path: string, body: unknown) => {
        const response = await fetch(`/api/console/v1/catalogue${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
        return (await response.json()) as { code: number; data: { url?: string; banner?: string } };
      };
      const upload = await call('/media', { data });
      const game = await call('/games/10002', { name: 'Myth Wars & Puzzles', banner: upload.data.url });
      return { url: upload.data.url, banner: game.data.banner };
    }, png);
    expect(banner.url).toMatch(/^\/media\/[0-9a-f]{64}$/);
    expect(banner.banner).toBe(banner.url);

    const page = await voucherPage('en', 10002);
    await expect.poll(() => loaded(page, 'game-banner')).toBe(true);
    // the operator's 30 x 10 picture, not the demo's 750 x 250 one
    expect(await artTarget(10002, 'banner')).toBe(banner.url);
    expect(await naturalWidth(page, 'game-banner')).toBe(30);
    await page.context().close();

    // back to the demo art for the other tests
    await admin.evaluate(() =>
      fetch('/api/console/v1/catalogue/games/10002', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Myth Wars & Puzzles', banner: '/games/myth-wars-banner.svg' }),
      }),
    );
    await admin.context().close();
  });

  it('shows discount and bonus badges on the cards and the goods detail', async () => {
    const page = await voucherPage('en');
    // the 29.99 pack sold at 26.99: 10 % off
    const discounted = page.getByTestId('voucher-card').filter({ has: page.getByTestId('badge-discount') });
    expect(await discounted.count()).toBe(1);
    expect(await discounted.getByTestId('badge-discount').innerText()).toBe('10% off');

    await page.goto(`${ctx.shop.url}/home?tab=gems`);
    const gems = page.locator('[data-testid="product-card"][data-product-id="1013"]');
    await gems.waitFor();
    // 14.99 sold at 12.99 (13 % off, rounded down) and 80 of its 980 gems a bonus
    expect(await gems.getByTestId('badge-discount').innerText()).toBe('13% off');
    expect(await gems.getByTestId('badge-bonus').innerText()).toBe('+80 bonus');
    expect(await page.locator('[data-testid="product-card"][data-product-id="1011"] [data-testid^="badge-"]').count()).toBe(0);
    await gems.click();
    await page.getByTestId('goods-detail').waitFor();
    expect(await page.getByTestId('goods-detail').getByTestId('badge-bonus').innerText()).toBe('+80 bonus');
    expect(await page.getByTestId('goods-detail').getByTestId('badge-discount').innerText()).toBe('13% off');

    await page.context().close();

    // Russian counts take their plural forms
    const russian = await voucherPage('ru');
    await russian.goto(`${ctx.shop.url}/home?tab=gems`);
    await expect.poll(() => russian.locator('[data-testid="product-card"][data-product-id="1013"] [data-testid="badge-bonus"]').innerText()).toBe('+80 бонусов');
    await russian.context().close();
  });

  it('numbers the voucher page steps and keeps its three links on one row in all 22 languages', async () => {
    const page = await voucherPage('en');
    for (const [step, title] of [
      [1, 'Choose vouchers'],
      [2, 'Choose payment'],
    ] as const) {
      expect(await page.getByTestId(`step-${step}`).locator('.vp-step__number').innerText()).toBe(String(step));
      expect(await page.getByTestId(`step-${step}`).locator('.vp-step__title').innerText()).toBe(title);
      // read out as "Step 1: Choose vouchers"
      expect(await page.getByRole('heading', { name: `Step ${step}: ${title}` }).count()).toBe(1);
    }
    for (const language of ALL_LANGUAGES) {
      await page.getByTestId('language-select').selectOption(language);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toMatch(new RegExp(`^${language.replace('_', '-')}`, 'i'));
      const links = page.locator('.vp-links .vp-link');
      const boxes = await Promise.all([0, 1, 2].map((index) => links.nth(index).boundingBox()));
      const fits = await links.evaluateAll((elements) => elements.map((element) => element.scrollWidth <= element.clientWidth));
      expect(new Set(boxes.map((box) => Math.round(box!.y))).size, language).toBe(1);
      expect(Math.max(...boxes.map((box) => box!.height)), language).toBeLessThanOrEqual(44);
      expect(fits, `${language}: ${(await links.allInnerTexts()).join(' | ')}`).toEqual([true, true, true]);
      expect(boxes[2]!.x + boxes[2]!.width, language).toBeLessThanOrEqual(PHONE.width);
    }
    await page.context().close();
  });

  /** The codes a country picker's open popup lists for a search, in order. */
  async function searchPicker(page: Page, testId: string, search: string): Promise<string[]> {
    const popup = page.getByTestId(`${testId}-popup`);
    await popup.locator('input').fill(search);
    await expect.poll(async () => (await popup.getByTestId(`${testId}-option`).count()) < 200).toBe(true);
    return popup.getByTestId(`${testId}-option`).evaluateAll((elements) => elements.map((element) => (element as HTMLElement).dataset.value ?? ''));
  }

  it('searches the region and calling-code pickers by name in the language, by ISO code and by calling code', async () => {
    const page = await voucherPage('de');
    // not part of the first load: the popup's code arrives on the first open
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => /CountryPickerPopup/.test(name)));
    expect(scripts).toEqual([]);
    await page.getByTestId('region-select').click();
    expect((await searchPicker(page, 'region-select', 'Deu'))[0]).toBe('DE');
    expect(await searchPicker(page, 'region-select', '+49')).toEqual(['DE']);
    expect((await searchPicker(page, 'region-select', 'jp'))[0]).toBe('JP');
    await page.screenshot({ path: join(SCREENS, 'region-picker-de.png') });
    await page.getByTestId('region-select-popup').locator('[data-value="JP"]').click();
    await expect.poll(() => pickerValue(page, 'region-select')).toBe('JP');
    await expect.poll(() => page.getByTestId('region-select').innerText()).toBe('Japan');
    await page.context().close();

    // the phone number's calling code, in English and in Japanese
    const context = await ctx.browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const login = await context.newPage();
    await login.goto(`${ctx.shop.url}/login/registerAccount?appId=10002`);
    await login.getByTestId('tab-mobile').click();
    await pickCountry(login, 'dial-code', 'DE', '+49');
    expect(await login.getByTestId('dial-code').innerText()).toBe('Germany (+49)');
    await login.getByTestId('dial-code').click();
    expect((await searchPicker(login, 'dial-code', 'Deu'))).toEqual([]);
    expect((await searchPicker(login, 'dial-code', 'germ'))[0]).toBe('DE');
    await login.screenshot({ path: join(SCREENS, 'dial-code-picker-en.png') });
    await context.close();
  });

  /** An unpaid order of the page's player, straight through the API (the purchase flow has its own tests). */
  async function placeOrder(page: Page, roleId: string) {
    const token = await savedToken(page);
    const packs = await ctx.shop.api<{ id: number; productSn: string }[]>('POST', '/api/v1/voucher/list/10030');
    const channels = await ctx.shop.api<{ payMethodName: string; payMethodId: string; thirdChannelId: string; thirdChannelName: string }[]>('POST', '/api/v1/pay/channel/list/10030/US');
    const channel = channels.data.find((c) => c.thirdChannelName === 'payermax')!;
    const pack = packs.data[4]!;
    const created = await ctx.shop.api<{ orderId: number }>('POST', '/api/v1/voucher/create/order', {
      token,
      body: {
        appId: 10030,
        gameRoleId: roleId,
        regionCode: 'US',
        selectedRegionCode: 'US',
        id: pack.id,
        payMethodName: channel.payMethodName,
        payMethodId: channel.payMethodId,
        quantity: 1,
        thirdChannelId: channel.thirdChannelId,
        voucherSn: pack.productSn,
        orderSource: 'voucher',
      },
    });
    expect(created.code).toBe(200);
    return created.data.orderId;
  }

  it('draws Order history and My Orders with the one order card', async () => {
    for (const language of SCREEN_LANGUAGES) {
      const context = await ctx.browser.newContext({ viewport: PHONE, locale: 'en-US' });
      const page = await context.newPage();
      const roleId = newRole();
      await page.goto(voucherLink(ctx.shop, { roleId, language }));
      await page.getByTestId('voucher-card').first().waitFor();
      const orderId = await placeOrder(page, roleId);

      await page.getByTestId('order-history-link').click();
      const history = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
      await history.waitFor();
      await page.screenshot({ path: join(SCREENS, `order-history-${language}.png`) });
      await page.goto(`${ctx.shop.url}/myOrder`);
      const mine = page.locator(`[data-testid="my-order-card"][data-order-id="${orderId}"]`);
      await mine.waitFor();
      await page.screenshot({ path: join(SCREENS, `my-orders-${language}.png`) });
      // the same parts in the same places: number and copy, status, items, footer with the actions
      for (const part of ['.osc__head .osc__copy', '.osc__head [data-testid="order-status"]', '.osc__items [data-testid="order-item"]', '.osc__foot [data-testid="order-footer"]', '.osc__foot [data-testid="pay-order"]']) {
        expect(await mine.locator(part).count(), part).toBe(1);
      }
      await page.goBack();
      await history.waitFor();
      for (const part of ['.osc__head .osc__copy', '.osc__head [data-testid="order-status"]', '.osc__items [data-testid="order-item"]', '.osc__foot [data-testid="order-footer"]', '.osc__foot [data-testid="pay-order"]']) {
        expect(await history.locator(part).count(), part).toBe(1);
      }
      await context.close();
    }
  });

  it('takes screenshots of the changed screens in en, de, ja, th and ru', async () => {
    for (const language of SCREEN_LANGUAGES) {
      const page = await voucherPage(language);
      await expect.poll(() => loaded(page, 'game-banner')).toBe(true);
      await page.screenshot({ path: join(SCREENS, `voucher-${language}.png`), fullPage: true });
      await page.goto(`${ctx.shop.url}/home?tab=gems`);
      await page.locator('[data-testid="product-card"][data-product-id="1013"]').waitFor();
      await expect.poll(() => loaded(page, 'game-banner')).toBe(true);
      await page.screenshot({ path: join(SCREENS, `home-gems-${language}.png`) });
      await page.locator('[data-testid="product-card"][data-product-id="1015"]').click();
      await page.getByTestId('goods-detail').waitFor();
      await page.screenshot({ path: join(SCREENS, `detail-${language}.png`) });
      expect(await savedToken(page)).toBeTruthy();
      await page.context().close();
    }
  });
});
