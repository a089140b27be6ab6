import type { PricingImportIssue, RatesImportBody } from '@shop/contract/console/pricing';

/** What the operator gave for the rates table: pasted or uploaded text, and the date and source typed beside it. */
export interface RatesInput {
  text: string;
  asOf: string;
  source: string;
}

/** A problem the console finds before asking the server: in the same shape, so one table lists both. */
export type LocalIssue = Omit<PricingImportIssue, 'message'> & { problem: 'empty' | 'notJson' | 'noRates' | 'rateNotText' };

/**
 * The import's request body from a pasted or uploaded table. JSON (`{ "asOf", "source", "rates": { "JPY": "151.23" } }`,
 * or the bare `rates` object) is sent as its rates, its own date and source used where the form leaves them empty;
 * anything else is CSV (`currency,per_usd`), sent as text for the server to read row by row. A rate written as a JSON
 * number is refused: JSON.parse makes it a float, and a rate must reach the server digit for digit as written.
 */
export function ratesBodyOf(input: RatesInput): { body: RatesImportBody; issues?: undefined } | { body?: undefined; issues: LocalIssue[] } {
  const text = input.text.replace(/^\uFEFF/, '').trim();
  if (text === '') return { issues: [{ row: 0, column: '', problem: 'empty' }] };
  if (!text.startsWith('{')) return { body: { asOf: input.asOf, source: input.source, csv: text } };
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { issues: [{ row: 0, column: '', problem: 'notJson' }] };
  }
  const fields = document as { asOf?: unknown; source?: unknown; rates?: unknown };
  const rates = (typeof fields.rates === 'object' && fields.rates !== null ? fields.rates : document) as Record<string, unknown>;
  const entries = Object.entries(rates).filter(([key]) => fields.rates !== undefined || (key !== 'asOf' && key !== 'source'));
  if (entries.length === 0) return { issues: [{ row: 0, column: 'rates', problem: 'noRates' }] };
  const issues: LocalIssue[] = entries.flatMap(([currency, rate], index) => (typeof rate === 'string' ? [] : [{ row: index + 1, column: currency, problem: 'rateNotText' as const }]));
  if (issues.length) return { issues };
  return {
    body: {
      asOf: input.asOf || (typeof fields.asOf === 'string' ? fields.asOf : ''),
      source: input.source || (typeof fields.source === 'string' ? fields.source : ''),
      rates: Object.fromEntries(entries) as Record<string, string>,
    },
  };
}
