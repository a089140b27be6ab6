import type { TFunction } from 'i18next';
import type { ImportIssue } from '@shop/contract/console/catalogue';

/** Where a problem is: the path as the server gives it, or the whole file. */
export const importPathText = (t: TFunction, issue: ImportIssue) => (issue.path === '(document)' ? t('transfer.wholeDocument') : issue.path);

/**
 * An import problem in the console's language: the server answers a code and its parameters (never a sentence), each
 * code has its wording in `transfer.problems`. A length limit also picks the plural form; a goods type and an expected
 * JSON type are named in words.
 */
export function importProblemText(t: TFunction, { problem, params }: ImportIssue): string {
  const limit = params.maximum ?? params.minimum;
  return t(`transfer.problems.${problem}`, {
    ...params,
    ...(typeof limit === 'number' ? { count: limit } : {}),
    ...(params.expected !== undefined ? { expected: t(`transfer.types.${params.expected}`, { defaultValue: String(params.expected) }) } : {}),
    ...(params.goodsType !== undefined ? { goodsType: t(`type.${params.goodsType}`, { defaultValue: String(params.goodsType) }) } : {}),
  });
}
