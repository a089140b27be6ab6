import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Finds the piece's place the way a player does, by eye: the cut-out is the background darkened to 45 %, so the piece's
 * inner pixels times 0.45 match the background exactly at the right x.
 */
export async function piecePosition(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const images = [...document.querySelectorAll<HTMLImageElement>('[data-testid="captcha"] img')];
    const [background, piece] = images as [HTMLImageElement, HTMLImageElement];
    await Promise.all(images.map((image) => image.decode()));
    const pixels = (image: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      context.drawImage(image, 0, 0);
      return context.getImageData(0, 0, canvas.width, canvas.height);
    };
    const bg = pixels(background);
    const pc = pixels(piece);
    const pieceY = Math.round(parseFloat(piece.style.top) * (background.naturalWidth / background.width));
    let best = { x: 0, error: Infinity };
    for (let x = 0; x <= bg.width - pc.width; x++) {
      let error = 0;
      for (let v = 0; v < pc.height && error < best.error; v += 2) {
        for (let u = 0; u < pc.width; u += 2) {
          const o = (v * pc.width + u) * 4;
          if (pc.data[o + 3] !== 255 || (pc.data[o] === 255 && pc.data[o + 1] === 255 && pc.data[o + 2] === 255)) continue;
          const i = ((pieceY + v) * bg.width + x + u) * 4;
          for (let c = 0; c < 3; c++) error += Math.abs(bg.data[i + c]! - Math.round(pc.data[o + c]! * 0.45));
        }
      }
      if (error < best.error) best = { x, error };
    }
    return best.x;
  });
}

/** Drags the slider so the piece's left edge lands on background x (the track maps linearly, see lib/captcha.ts). */
export async function dragTo(page: Page, x: number) {
  const handle = page.getByTestId('captcha-handle');
  await expect.poll(() => handle.isEnabled()).toBe(true);
  const box = (await handle.boundingBox())!;
  const track = (await page.locator('.form-captcha__track').boundingBox())!;
  const width = await page.locator('[data-testid="captcha"] img').first().evaluate((image: HTMLImageElement) => image.naturalWidth);
  const pieceSize = await page.getByTestId('captcha-piece').evaluate((image: HTMLImageElement) => image.naturalWidth);
  const offset = (x / (width - pieceSize)) * (track.width - box.width);
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  // As a hand does it: speeding up, then slowing down onto the spot, wobbling a little, over about a third of a second
  // (the server scores the track; ADR 0011, docs/adr/0011-verification-codes.md).
  const steps = 14;
  for (let step = 1; step <= steps; step++) {
    const eased = (1 - Math.cos((Math.PI * step) / steps)) / 2;
    await page.mouse.move(startX + offset * eased, y + (step % 3) - 1);
    await page.waitForTimeout(15 + (step % 4) * 6);
  }
  await page.mouse.up();
}

export async function codeFromOutbox(shopUrl: string, to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${shopUrl}/sandbox/outbox.json?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: { text: string }[] };
    const match = messages[0] && /\b(\d{6})\b/.exec(messages[0].text);
    if (match) return match[1]!;
    if (Date.now() > deadline) throw new Error(`no code sent to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Opens the puzzle with "Get code", solves it and waits for the code to be sent (the button counts down). */
export async function requestCode(page: Page): Promise<void> {
  await page.getByTestId('get-code').click();
  await page.getByTestId('captcha-piece').waitFor();
  await dragTo(page, await piecePosition(page));
  await page.getByTestId('captcha').waitFor({ state: 'detached' });
  await expect.poll(() => page.getByTestId('get-code').isDisabled()).toBe(true);
}

/** The newest code sent to a target that is not one of `seen` (several codes go to one address in a flow). */
export async function newCodeFromOutbox(shopUrl: string, to: string, seen: readonly string[]): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const code = await codeFromOutbox(shopUrl, to);
    if (!seen.includes(code)) return code;
    if (Date.now() > deadline) throw new Error(`no new code sent to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
