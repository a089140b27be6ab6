/// <reference types="vite/client" />
// (the contract has no Node types: vitest's import.meta.glob reads the modules and their sources)
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A name means one thing across the contract: a module may re-export another's name (x.schema.ts re-exports its route
 * table x.ts), never define a different thing under it (the route with its schemas is `nameRoute`, the route table's
 * entry `name`). The apps import by name from several modules, so two meanings would let one silently stand in for the
 * other.
 */

const MODULES: Record<string, Record<string, unknown>> = import.meta.glob(['./**/*.ts', '!./**/*.test.ts'], { eager: true });
const SOURCES: Record<string, string> = import.meta.glob(['./**/*.ts', '!./**/*.test.ts'], { eager: true, query: '?raw', import: 'default' });

const hasExportModifier = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

const isNamedDeclaration = (node: ts.Node) =>
  ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node);

/** The names a module declares itself and exports (values and types), leaving out what it re-exports from another. */
function namesDefinedIn(source: string): string[] {
  const file = ts.createSourceFile('module.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const imported = new Set<string>();
  const defined: string[] = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) imported.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) imported.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) imported.add(element.name.text);
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.moduleSpecifier || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
      for (const element of statement.exportClause.elements) {
        if (!imported.has((element.propertyName ?? element.name).getText(file))) defined.push(element.name.getText(file));
      }
    } else if (hasExportModifier(statement)) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) defined.push(declaration.name.getText(file));
      } else if (isNamedDeclaration(statement) && statement.name) {
        defined.push(statement.name.text);
      }
    }
  }
  // `export const X` and `export type X` in one module are one name (a schema and its type)
  return [...new Set(defined)];
}

describe('namesDefinedIn', () => {
  it('counts declarations and local export lists, not re-exports', () => {
    const source = `
      import { a } from './a.ts';
      import type * as b from './b.ts';
      export * from './c.ts';
      export { d } from './d.ts';
      export type { E } from './e.ts';
      export { a, b };
      const local = 1;
      export { local as renamed };
      export const F = 1;
      export type F = number;
      export function g() {}
      export interface H {}
      export enum I { one }
    `;
    expect(namesDefinedIn(source).sort()).toEqual(['F', 'H', 'I', 'g', 'renamed']);
  });
});

describe('the contract', () => {
  it('defines every exported name (value or type) in one module only', () => {
    expect(Object.keys(SOURCES)).toContain('./console/reports.ts');
    const definedBy = new Map<string, string[]>();
    for (const [file, source] of Object.entries(SOURCES)) {
      for (const name of namesDefinedIn(source)) definedBy.set(name, [...(definedBy.get(name) ?? []), file]);
    }
    const twice = [...definedBy].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('exports one object under a name, however many modules export it', () => {
    const exportedBy = new Map<string, { value: unknown; file: string }[]>();
    for (const [file, module] of Object.entries(MODULES)) {
      for (const [name, value] of Object.entries(module)) exportedBy.set(name, [...(exportedBy.get(name) ?? []), { value, file }]);
    }
    const differing = [...exportedBy]
      .filter(([, exports]) => exports.some((entry) => entry.value !== exports[0]!.value))
      .map(([name, exports]) => `${name}: ${exports.map((entry) => entry.file).join(', ')}`);
    expect(differing).toEqual([]);
    // the route tables are really re-exported by their schema modules: the check above compared something
    expect(exportedBy.get('createVoucherOrder')?.map((entry) => entry.file).sort()).toEqual(['./checkout.schema.ts', './checkout.ts']);
  });
});
