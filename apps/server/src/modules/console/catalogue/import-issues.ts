import type { z } from 'zod';
import { FORMAT_RULES, IMPORT_PROBLEMS, type FormatRule, type ImportIssue, type ImportProblem } from '@shop/contract/console/catalogue';

/**
 * The catalogue document's zod issues as the import's problems: a code and its parameters, which the console words in
 * its language (ADR 0028, docs/adr/0028-console-catalogue.md). zod's own messages are English sentences and never leave here.
 */

type Params = ImportIssue['params'];

/** The path of a zod issue as people write it: products[3].names.en; `(document)` for the whole document. */
export function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)), '') || '(document)';
}

const FORMAT_OF_MESSAGE = new Map(Object.entries(FORMAT_RULES).map(([rule, message]) => [message as string, rule as FormatRule]));
const isProblem = (value: unknown): value is ImportProblem => (IMPORT_PROBLEMS as readonly unknown[]).includes(value);
const isNumberOrigin = (origin: string) => origin === 'number' || origin === 'int' || origin === 'bigint';
const isListOrigin = (origin: string) => origin === 'array' || origin === 'set';

type Found = { problem: ImportProblem; params?: Params; field?: string };

function problemOf(issue: z.core.$ZodIssue): Found | Found[] {
  switch (issue.code) {
    case 'invalid_type':
      // the parse reports inputs: a field left out has none
      return issue.input === undefined ? { problem: 'required' } : { problem: 'wrongType', params: { expected: issue.expected } };
    case 'invalid_value':
      return { problem: 'notAllowed', params: { allowed: issue.values.map(String).join(', ') } };
    case 'invalid_union': {
      // a union of literals (the goods type) is one list of allowed values
      const literals = issue.errors.every((branch) => branch.length === 1 && branch[0]!.code === 'invalid_value');
      if (!literals || !issue.errors.length) return { problem: 'invalid' };
      const values = issue.errors.flatMap((branch) => (branch[0] as z.core.$ZodIssueInvalidValue).values);
      return { problem: 'notAllowed', params: { allowed: values.map(String).join(', ') } };
    }
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({ problem: 'unknownField', field: key }));
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') return minimum <= 1 ? { problem: 'empty' } : { problem: 'tooShort', params: { minimum } };
      if (isNumberOrigin(issue.origin)) return { problem: issue.inclusive === false ? 'notAbove' : 'tooSmall', params: { minimum } };
      if (isListOrigin(issue.origin)) return { problem: 'tooFewItems', params: { minimum } };
      return { problem: 'invalid' };
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return { problem: 'tooLong', params: { maximum } };
      if (isNumberOrigin(issue.origin) && issue.inclusive !== false) return { problem: 'tooBig', params: { maximum } };
      if (isListOrigin(issue.origin)) return { problem: 'tooManyItems', params: { maximum } };
      return { problem: 'invalid' };
    }
    case 'invalid_format':
      if (issue.format === 'datetime') return { problem: 'notDateTime' };
      return { problem: (issue.format === 'regex' && FORMAT_OF_MESSAGE.get(issue.message)) || 'invalid' };
    case 'custom': {
      // the contract's refinements name their problem: { problem, ...what it names }
      const { problem, ...params } = (issue.params ?? {}) as Record<string, string | number>;
      return isProblem(problem) ? { problem, params } : { problem: 'invalid' };
    }
    default:
      return { problem: 'invalid' };
  }
}

export function importIssuesOf(error: z.ZodError): ImportIssue[] {
  return error.issues.flatMap((issue) =>
    [problemOf(issue)].flat().map(({ problem, params, field }) => ({
      path: pathText(field === undefined ? issue.path : [...issue.path, field]),
      problem,
      params: params ?? {},
    })),
  );
}
