import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumAvailable, useShopAndBrowser, voucherLink, pickCountry, pickerValue } from './harness.ts';

const enabled = chromiumAvailable();

describe.skipIf(!enabled)('voucher screen details in Chromium', () => {
  const ctx = useShopAndBrowser();

  async function voucherPage(): Promise<Page> {
    const page = await ctx.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(voucherLink(ctx.shop, { roleId: `scr-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}` }));
    await page.getByTestId('voucher-card').first().waitFor();
    await page.locator('[data-testid="pay-channel"][data-checked="true"]').waitFor();
    return page;
  }

  it('defaults the region to the United States for an unknown country and reloads channels on change', async () => {
    const page = await voucherPage();
    const select = page.getByTestId('region-select');
    await expect.poll(() => pickerValue(page, 'region-select')).toBe('US');
    await expect.poll(() => select.textContent()).toBe('United States of America');
    const us = await page.getByTestId('pay-channel').allTextContents();
    await pickCountry(page, 'region-select', 'BR');
    await expect.poll(async () => (await page.getByTestId('pay-channel').allTextContents()).join('|')).not.toBe(us.join('|'));
    await page.locator('[data-testid="pay-channel"][data-checked="true"]').waitFor();
    const brazil = await page.getByTestId('pay-channel').allTextContents();
    expect(brazil.join(' ')).toMatch(/Pix/i);
    await page.close();
  });

  it('shows at most five payment methods until View More', async () => {
    const page = await voucherPage();
    expect(await page.getByTestId('pay-channel').count()).toBe(5);
    await page.getByTestId('view-more').click();
    expect(await page.getByTestId('pay-channel').count()).toBeGreaterThan(5);
    await page.close();
  });

  it('shows the diamond amount of a pack that includes diamonds in the bottom bar', async () => {
    const page = await voucherPage();
    const packs = await ctx.shop.api<{ configJson: string }[]>('POST', '/api/v1/voucher/list/10030');
    const index = packs.data.findIndex((p) => JSON.parse(p.configJson).diamond > 0);
    await page.getByTestId('voucher-card').nth(index).click();
    await page.getByTestId('bar-diamonds').waitFor();
    expect(await page.getByTestId('bar-diamonds').textContent()).toMatch(/\d/);
    await page.close();
  });

  it('opens the voucher instructions and comes back', async () => {
    const page = await voucherPage();
    await page.getByTestId('instructions-link').click();
    await page.waitForURL(/\/voucher-instructions\?from=voucher/);
    expect(await page.locator('main').textContent()).toMatch(/4[,.\s\u00a0]?999/);
    await page.getByTestId('back').click();
    await page.waitForURL(/\/voucher\?from=close/);
    await page.close();
  });

  it('loads only configured payment hosts in the /pay iframe route', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/pay?iframeUrl=${encodeURIComponent('https://evil.example/steal')}`);
    await page.getByTestId('pay-blocked').waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await page.goto(`${ctx.shop.url}/pay?iframeUrl=${encodeURIComponent(`${ctx.shop.url}/sandbox/xsolla/paystation4/?token=unknown`)}`);
    await page.getByTestId('pay-iframe').waitFor();
    await page.close();
  });

  it('shows Not found for unknown pages', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.shop.url}/no/such/page`);
    await page.getByTestId('page-not-found').waitFor();
    await page.close();
  });
});
