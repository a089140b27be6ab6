import { sql, type Logger } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

/**
 * Tables that grow with traffic (orders, money, events, sessions): reading one of them whole is a cost that grows with
 * the shop's history. Catalogue and configuration tables (games, products, pay channels, countries, operators) stay small.
 */
export const GROWING_TABLES = new Set([
  'users', 'game_accounts', 'player_roles', 'refresh_tokens',
  'orders', 'order_items', 'order_status_history', 'payment_events', 'refunds', 'refund_requests', 'gift_claims',
  'superseded_payment_sessions', 'duplicate_payments',
  'voucher_accounts', 'voucher_ledger', 'game_voucher_spends',
  'jobs', 'analytics_events', 'audit_log', 'idempotency_keys', 'rate_limit_counters',
  'verification_codes', 'verification_sends', 'login_failures', 'captcha_challenges', 'dynamic_token_nonces', 'change_tickets',
  // a row per day (or month) and group: a report reads its range, never every day since the shop opened
  'sales_rollup', 'sales_product_rollup', 'sales_rollup_monthly', 'sales_product_rollup_monthly', 'player_activity_days',
]);

export interface CapturedStatement {
  operation: string;
  text: string;
  params: unknown[];
}

/** A drizzle logger that files every statement under the operation running now (none: not kept). */
export class StatementCapture implements Logger {
  readonly statements: CapturedStatement[] = [];
  private operation: string | undefined;

  logQuery(text: string, params: unknown[]): void {
    if (this.operation) this.statements.push({ operation: this.operation, text, params });
  }

  /** Runs `work` with its statements filed under `operation`. */
  async during<T>(operation: string, work: () => Promise<T>): Promise<T> {
    this.operation = operation;
    try {
      return await work();
    } finally {
      this.operation = undefined;
    }
  }
}

/** A parameter as an SQL literal of unknown type: PostgreSQL resolves it as it resolves an untyped parameter. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) return literal(`{${value.map((item) => (item === null ? 'NULL' : `"${String(item).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`);
  if (typeof value === 'object') return literal(JSON.stringify(value));
  return `'${String(value).replace(/'/g, "''")}'`;
}

export const withParameters = (text: string, params: unknown[]) => text.replace(/\$(\d+)/g, (_match, index: string) => literal(params[Number(index) - 1]));

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

export interface Offence {
  operation: string;
  table: string;
  scan: string;
  statement: string;
}

/** Nodes that pass a Limit's early stop down to the scan below them (anything else reads its input whole first). */
const STREAMING = new Set(['Limit', 'Result', 'Nested Loop', 'Subquery Scan', 'Append', 'Merge Append', 'Gather Merge', 'Memoize', 'LockRows']);

/**
 * The whole reads of growing tables in a plan: a Seq Scan (with seq scans disabled, one that remains has no index to
 * use), and a scan of a whole index, without an index condition, that no Limit stops early (what the planner reads
 * instead of the table when the filter has no index); a Limit above a filtered scan does not count as a stop. A partial index's own predicate is its condition: not counted.
 */
function wholeTableReads(node: PlanNode, limited: boolean, partialIndexes: Set<string>): { table: string; scan: string }[] {
  const table = node['Relation Name'];
  const found: { table: string; scan: string }[] = [];
  if (table && GROWING_TABLES.has(table)) {
    if (node['Node Type'] === 'Seq Scan') found.push({ table, scan: 'Seq Scan' });
    const indexScan = node['Node Type'] === 'Index Scan' || node['Node Type'] === 'Index Only Scan';
    const index = node['Index Name'] ?? '';
    // Under a Limit, a filter on the scan can still make it read the whole index: the Limit stops after enough rows
    // pass the filter, and when few or none do (`id = $1 OR id IN (subquery)`), that is every entry.
    const bounded = limited && !node.Filter;
    if (indexScan && !node['Index Cond'] && !bounded && !partialIndexes.has(index)) found.push({ table, scan: `whole index ${index}${node.Filter ? ' (filtered under a limit)' : ''}` });
  }
  const passes = node['Node Type'] === 'Limit' || (limited && STREAMING.has(node['Node Type']));
  for (const child of node.Plans ?? []) found.push(...wholeTableReads(child, passes, partialIndexes));
  return found;
}

const EXPLAINABLE = /^\s*(select|with|insert|update|delete)\b/i;

/**
 * EXPLAINs every captured statement with its parameters, seq scans disabled (on a small data set the planner prefers
 * them to any index), and answers the whole-table reads of growing tables.
 */
export async function offences(db: Db, statements: CapturedStatement[]): Promise<Offence[]> {
  const found: Offence[] = [];
  const seen = new Set<string>();
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const partial = (await tx.execute(sql`SELECT indexrelid::regclass::text AS name FROM pg_index WHERE indpred IS NOT NULL`)) as unknown as { rows: { name: string }[] };
    const partialIndexes = new Set(partial.rows.map((row) => row.name));
    for (const statement of statements) {
      if (!EXPLAINABLE.test(statement.text)) continue;
      const text = withParameters(statement.text, statement.params);
      const key = `${statement.operation}\n${text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const result = (await tx.execute(sql.raw(`EXPLAIN (FORMAT JSON) ${text}`))) as unknown as { rows: Record<string, unknown>[] };
      const raw = result.rows[0]!['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
      for (const read of wholeTableReads(plan[0]!.Plan, false, partialIndexes)) {
        found.push({ operation: statement.operation, ...read, statement: statement.text.replace(/\s+/g, ' ').trim() });
      }
    }
  });
  return found;
}

/** One line per offence, grouped by operation: what the failure message shows. */
export function describe(list: Offence[]): string {
  const unique = [...new Map(list.map((offence) => [`${offence.operation}|${offence.table}|${offence.scan}|${offence.statement}`, offence])).values()];
  return unique
    .map((offence) => `- ${offence.operation}: ${offence.scan} on ${offence.table}\n    ${offence.statement.length > 400 ? `${offence.statement.slice(0, 400)}...` : offence.statement}`)
    .join('\n');
}
