// Console pages are compositions (ADR 0046): a route or component file of a console feature holds its layout and
// hands tables, filters, dialogs and logic to shared components and lib/ modules. This keeps the 150-line bound a
// reviewer would otherwise have to count by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 150;
const FEATURES = resolve(import.meta.dirname, '../../apps/console/src/features');

/** Every .tsx file under a feature's routes/ or components/ folder. */
function pageFiles(): string[] {
  return readdirSync(FEATURES, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => /[/\\](routes|components)[/\\]/.test(relative(FEATURES, path)));
}

const lineCount = (path: string) => readFileSync(path, 'utf8').replace(/\n$/, '').split('\n').length;

describe('console pages', () => {
  it(`are each at most ${MAX_LINES} lines`, () => {
    const files = pageFiles();
    // it did find the pages: the order page and the queues, the two largest before ADR 0046
    expect(files.map((path) => relative(FEATURES, path))).toEqual(expect.arrayContaining(['orders/routes/OrderDetailPage.tsx', 'orders/routes/QueuesPage.tsx']));
    const over = files.filter((path) => lineCount(path) > MAX_LINES).map((path) => `${relative(FEATURES, path)}: ${lineCount(path)} lines`);
    expect(over).toEqual([]);
  });
});
