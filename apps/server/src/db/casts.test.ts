import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 22: `as` casts in the server's production code had grown from 118 to 301 (counted by grep) because raw SQL
 * answered `unknown` rows; the statement layer (db/statement.ts, ADR 0049, docs/adr/0049-typed-statements.md) names
 * them instead. This keeps the count from growing back. A cast is a TypeScript `as` expression other than `as const`
 * (import renames are not expressions); `as unknown as T` counts twice. Lower the limit when casts go, never raise it.
 */
const CAST_LIMIT = 115;

const SRC = fileURLToPath(new URL('..', import.meta.url));

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The casts in one file's text. */
function countCasts(fileName: string, text: string): number {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  let casts = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) && !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === 'const')) casts += 1;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return casts;
}

describe('casts in production code', () => {
  it('counts `as` expressions, not `as const` nor import renames', () => {
    const text = "import { a as b } from 'x';\nconst c = [1] as const;\nconst d = b as unknown as string;\nconst e = (d as string).length;";
    expect(countCasts('sample.ts', text)).toBe(3);
  });

  it(`holds at most ${CAST_LIMIT} in apps/server/src`, () => {
    const perFile = productionFiles(SRC)
      .map((path) => ({ file: relative(SRC, path), casts: countCasts(path, readFileSync(path, 'utf8')) }))
      .filter(({ casts }) => casts > 0)
      .sort((a, b) => b.casts - a.casts);
    const total = perFile.reduce((sum, { casts }) => sum + casts, 0);
    // On failure the message lists every file with its count, most first.
    expect(total, perFile.map(({ file, casts }) => `${casts} ${file}`).join('\n')).toBeLessThanOrEqual(CAST_LIMIT);
  });
});
