import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PRODUCTION_ENV } from './production.ts';

const EXAMPLE = fileURLToPath(new URL('../../../shop.env.example', import.meta.url));

/** PEM as PayerMax's dashboard shows it: the base64 body on one line (an env file's value is one line). */
const oneLine = (value: string) => (value.startsWith('-----BEGIN') ? value.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '') : value);

/**
 * shop.env.example as an operator fills it in: every empty value given (the production test configuration's, or a
 * stand-in of 32+ characters), the games' secrets in its JSON, every other line left as the example has it; then `extra`
 * appended, as the non-Docker path adds what compose.yaml otherwise sets (SHOP_ENV, PUBLIC_URL, DATABASE_URL).
 */
export function filledShopEnv(extra: Record<string, string> = {}): string {
  const lines = readFileSync(EXAMPLE, 'utf8')
    .split('\n')
    .map((line) => {
      const empty = /^([A-Z0-9_]+)=$/.exec(line);
      if (empty) return `${empty[1]}=${oneLine(PRODUCTION_ENV[empty[1]!] ?? `${empty[1]!.toLowerCase()}-of-the-filled-in-example`)}`;
      return line.replace(/""/g, () => `"game-secret-${Math.random().toString(36).slice(2).padEnd(16, 'x')}"`);
    });
  return [...lines, ...Object.entries(extra).map(([name, value]) => `${name}=${value}`), ''].join('\n');
}

/** Each NAME=value line of an env file, the value exactly as written (a value runs to the end of its line). */
export function valuesAsWritten(envFile: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of envFile.split('\n')) {
    const assignment = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (assignment) values[assignment[1]!] = assignment[2]!;
  }
  return values;
}
