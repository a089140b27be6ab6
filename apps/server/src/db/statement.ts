import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from './client.ts';

/**
 * A raw SQL statement that names the rows it returns (ADR 0049, docs/adr/0049-typed-statements.md). The row type is
 * declared once, where the SQL is written, instead of being cast where the result is read.
 */
export interface Statement<Row> {
  readonly query: SQL;
  /** Checks every row outside production: the declared type is then proven by the tests, not only believed. */
  readonly schema?: z.ZodType<Row>;
}

/** A row as raw SQL returns it: the drivers parse int8 as a number (db/client.ts) but numeric and aggregates as text. */
export type Numeric = number | string;

/**
 * The tag that writes a statement returning `Row`s: typedSql<{ id: number }>()`SELECT id FROM ...`. Parameters and
 * fragments interpolate as in drizzle's `sql`, so the text sent is the same.
 */
export function typedSql<Row>(schema?: z.ZodType<Row>): (strings: TemplateStringsArray, ...params: unknown[]) => Statement<Row> {
  return (strings, ...params) => ({ query: sql(strings, ...params), schema });
}

/** Names the rows of a statement composed elsewhere from fragments. */
export function typed<Row>(query: SQL, schema?: z.ZodType<Row>): Statement<Row> {
  return { query, schema };
}

const checked = process.env.NODE_ENV !== 'production';

/** Runs a statement on either driver (PGlite and node-postgres both answer with `rows`), in the executor's transaction. */
export async function rows<Row>(executor: Executor, statement: Statement<Row>): Promise<Row[]> {
  const { rows: found } = await executor.execute(statement.query);
  const schema = statement.schema;
  if (schema && checked) return found.map((row) => schema.parse(row));
  // The one place the declared row type is taken on trust: the statement's author wrote it beside the SQL.
  return found as Row[];
}

/** The statement's first row, if any. */
export async function firstRow<Row>(executor: Executor, statement: Statement<Row>): Promise<Row | undefined> {
  return (await rows(executor, statement))[0];
}
