import type { TFunction } from 'i18next';
import type { PricingImportIssue } from '@shop/contract/console/pricing';
import type { LocalIssue } from './rates-table';

/** Where a problem is, as people look for it: row 0 is the whole file, else the row and, when known, the column. */
export function issuePlace(t: TFunction, issue: Pick<PricingImportIssue, 'row' | 'column'>): string {
  if (issue.row === 0) return issue.column ? t('import.fileColumn', { column: issue.column }) : t('import.wholeFile');
  return issue.column ? t('import.rowColumn', { row: issue.row, column: issue.column }) : t('import.row', { row: issue.row });
}

/**
 * A problem's wording: the server's sentence (already in the console's language, from its Accept-Language), or for a
 * problem the console found before asking, its own wording.
 */
export const issueText = (t: TFunction, issue: PricingImportIssue | LocalIssue) => ('message' in issue ? issue.message : t(`import.local.${issue.problem}`));
