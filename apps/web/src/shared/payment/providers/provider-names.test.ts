import { describe, expect, it } from 'vitest';

/**
 * Only the provider map (this folder) names a payment provider; every other file of apps/web/src asks it by the
 * channel's name (ADR 0047). Tests elsewhere may use the names as data: they drive the providers through the map.
 */
const PROVIDER_NAME = /pay[\s_-]*pal|x[\s_-]*solla|payer[\s_-]*max/i;

interface FileEntry {
  name: string;
  parentPath: string;
  isFile(): boolean;
}
interface NodeFs {
  readdirSync(path: string, options: { recursive: true; withFileTypes: true }): FileEntry[];
  readFileSync(path: string, encoding: 'utf8'): string;
}
// The web's types know no Node (the test runs in it). Every file is read as it is on disk: vitest's module graph would
// hand style sheets over empty.
const NODE_FS = 'node:fs';
const { readdirSync, readFileSync } = (await import(/* @vite-ignore */ NODE_FS)) as NodeFs;

const SOURCE_ROOT = decodeURIComponent(new URL('../../../', import.meta.url).pathname);
const PROVIDER_MAP = decodeURIComponent(new URL('./', import.meta.url).pathname);

const filesOutsideProviderMap = readdirSync(SOURCE_ROOT, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
  .map((entry) => `${entry.parentPath.replace(/\/?$/, '/')}${entry.name}`)
  .filter((path) => !path.startsWith(PROVIDER_MAP));

describe('provider names', () => {
  it('appear in no file of apps/web/src outside the provider map', () => {
    const relative = filesOutsideProviderMap.map((path) => path.slice(SOURCE_ROOT.length));
    // it did read the rest of the app: code, messages, style sheets
    expect(relative).toEqual(expect.arrayContaining(['features/voucher/components/BottomBar.tsx', 'locales/en.json', 'features/payment/routes/payment.css']));
    expect(relative.filter((path) => PROVIDER_NAME.test(readFileSync(`${SOURCE_ROOT}${path}`, 'utf8')))).toEqual([]);
  });

  it('are found in any spelling', () => {
    for (const text of ['paypal', 'PayPal', 'pay_pal', 'XSOLLA', 'x-solla', 'PayerMax', 'payer max']) expect(PROVIDER_NAME.test(text)).toBe(true);
  });
});
