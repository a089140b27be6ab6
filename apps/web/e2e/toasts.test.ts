import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, savedToken, useShopAndBrowser, voucherLink, type ShopAndBrowser, pickCountry } from './harness.ts';
import { dragTo, piecePosition } from './verification.ts';

const enabled = chromiumAvailable();
const TOAST = '[data-sonner-toast]';

/** The texts of the toasts on screen now. */
const toastTexts = (page: Page) => page.locator(`${TOAST}[data-visible="true"]`).allInnerTexts();

/** A player logged in by the game's launch, on /role in `language`. */
async function onRolePage(ctx: ShopAndBrowser, language: string): Promise<Page> {
  const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(voucherLink(ctx.shop, { roleId: `toast-${language}-${Date.now().toString(36)}`, language }));
  await savedToken(page);
  await page.goto(`${ctx.shop.url}/role?language=${language}`);
  await page.getByTestId('bind-game-id').waitFor();
  return page;
}

/**
 * "This phone number is not registered. Please register first." as a toast, in `language`, on a `width` px screen: the
 * forgotten-password screen of game 10002 (mobile login) with a number nobody registered (solving the puzzle if asked).
 */
async function notRegisteredToast(ctx: ShopAndBrowser, language: string, width: number): Promise<Page> {
  const context = await ctx.browser.newContext({ viewport: { width, height: 844 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${ctx.shop.url}/login/forgetPassword?appId=10002&language=${language}`);
  await page.getByTestId('tab-mobile').click();
  await pickCountry(page, 'dial-code', 'GB');
  await page.getByTestId('mobile').fill(`7400${String(Date.now()).slice(-6)}`);
  await page.getByTestId('get-code').click();
  const puzzle = page.getByTestId('captcha-piece');
  await expect.poll(async () => (await puzzle.count()) + (await page.locator(TOAST).count())).toBeGreaterThan(0);
  // after a solved puzzle "Verification successful" comes first
  const solved = (await puzzle.count()) > 0;
  if (solved) await dragTo(page, await piecePosition(page));
  await expect.poll(() => page.locator(TOAST).count()).toBe(solved ? 2 : 1);
  return page;
}

/**
 * Every word of the newest toast's text on one line: the word's box has one line's height. Words as the language's own word
 * breaker finds them (ICU, as the browser's line breaking does, so Thai words too).
 */
function wordsSplitAcrossLines(page: Page, language: string) {
  // sonner puts the newest toast first
  return page.locator(TOAST).first().evaluate((toast, lang) => {
    const split: string[] = [];
    let lines = 0;
    const walker = document.createTreeWalker(toast, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const tops = new Set<number>();
      for (const { segment, index, isWordLike } of new Intl.Segmenter(lang, { granularity: 'word' }).segment(text)) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + segment.length);
        const rows = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        rows.forEach((top) => tops.add(top));
        if (isWordLike && rows.size > 1) split.push(segment);
      }
      lines = Math.max(lines, tops.size);
    }
    return { split, lines };
  }, language);
}

/** Issue 14.4: toasts wrap by word, do not block input and queue. */
describe.skipIf(!enabled)('toasts in Chromium', () => {
  const ctx = useShopAndBrowser();

  it('let taps through: Find account works again while "No game account was found" is on screen', async () => {
    const page = await onRolePage(ctx, 'en');
    let lookups = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/role/lookup')) lookups += 1;
    });
    await page.getByTestId('bind-game-id').fill('999999999');
    await page.getByTestId('lookup').click();
    const toast = page.locator(TOAST).filter({ hasText: 'No game account was found with this game ID' });
    await toast.waitFor();
    // whatever lies under the toast gets the tap, not the toast
    const box = (await toast.boundingBox())!;
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-sonner-toaster]') ?? null, [box.x + box.width / 2, box.y + box.height / 2]);
    expect(hit).toBeNull();
    // a real tap on Find account while the toast shows: a second look-up, and its answer queues behind the first toast
    const button = (await page.getByTestId('lookup').boundingBox())!;
    await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
    await expect.poll(() => lookups).toBe(2);
    await expect.poll(() => page.locator(TOAST).count()).toBe(2);
    expect(await toast.first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('queue: "Verification successful" stays on screen next to "Verification code successfully sent."', async () => {
    const context = await ctx.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${ctx.shop.url}/login/registerAccount`);
    await page.getByTestId('email').fill(`toast-${Date.now().toString(36)}@example.com`);
    await page.getByTestId('get-code').click();
    await page.getByTestId('captcha-piece').waitFor();
    await dragTo(page, await piecePosition(page));
    await expect.poll(() => toastTexts(page)).toEqual(expect.arrayContaining(['Verification successful', 'Verification code successfully sent.']));
    // each leaves after its own time, the first one first
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toEqual([]);
    await context.close();
  });

  it.each(['en', 'de', 'fr', 'ru', 'el', 'th'])('wrap whole words on a 320 px wide screen (%s)', async (language) => {
    const page = await notRegisteredToast(ctx, language, 320);
    const { split, lines } = await wordsSplitAcrossLines(page, language);
    expect(split).toEqual([]);
    // the message is long enough to wrap at this width: the check above looked at real line breaks
    expect(lines).toBeGreaterThan(1);
    await page.context().close();
  });
});
