import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from './config.ts';

/** The variables named in the first column of the README's "Configuration (environment)" table. */
function documentedVariables(): Set<string> {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.split(/^## Configuration \(environment\)$/m)[1]?.split(/^## /m)[0] ?? '';
  const firstCells = section.split('\n').flatMap((line) => (line.startsWith('| `') ? [line.split('|')[1]!] : []));
  return new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!)));
}

describe("the README's configuration table", () => {
  it('lists, by its full name, every environment variable the server reads', () => {
    const documented = documentedVariables();
    expect(documented.size).toBeGreaterThan(50);
    expect(ENV_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('lists no variable the server does not read (tests-only ones aside)', () => {
    const read = new Set([...ENV_VARIABLES, 'FUZZ_SEED', 'FUZZ_RUNS', 'FUZZ_DEBUG']);
    expect([...documentedVariables()].filter((name) => !read.has(name))).toEqual([]);
  });
});
