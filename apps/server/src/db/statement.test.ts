import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BACKENDS } from '../../test/harness.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { openDatabase, type Database } from './client.ts';
import { firstRow, rows, typed, typedSql } from './statement.ts';

describe.each(BACKENDS)('typed statements (%s)', (backend) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (backend === 'postgres') {
      const created = await createTestDatabase();
      drop = created.drop;
      database = await openDatabase({ url: created.url, dataDir: 'memory://' });
    } else database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await database.close();
    await drop?.();
  });

  it('returns the rows of a raw statement with its parameters', async () => {
    const found = await rows(database.db, typedSql<{ n: number; label: string }>()`SELECT n, ${'row'} || n AS label FROM generate_series(1, ${2}::int) AS n`);
    expect(found).toEqual([
      { n: 1, label: 'row1' },
      { n: 2, label: 'row2' },
    ]);
  });

  it('runs a statement composed from fragments, in a transaction too', async () => {
    const limit = sql`LIMIT ${1}`;
    const statement = typed<{ n: number }>(sql`SELECT n FROM generate_series(1, 3) AS n ORDER BY n DESC ${limit}`);
    expect(await database.db.transaction((tx) => rows(tx, statement))).toEqual([{ n: 3 }]);
  });

  it('answers the first row, or nothing when there is none', async () => {
    expect(await firstRow(database.db, typedSql<{ n: number }>()`SELECT 7 AS n`)).toEqual({ n: 7 });
    expect(await firstRow(database.db, typedSql<{ n: number }>()`SELECT 7 AS n WHERE false`)).toBeUndefined();
  });

  it('checks each row against the statement schema outside production', async () => {
    const asText = typedSql(z.object({ n: z.string() }))`SELECT 7 AS n`;
    await expect(rows(database.db, asText)).rejects.toThrow(z.ZodError);
    const parsed = typedSql(z.object({ n: z.number(), at: z.coerce.date() }))`SELECT 7 AS n, '2026-01-02T03:04:05Z'::timestamptz AS at`;
    expect(await rows(database.db, parsed)).toEqual([{ n: 7, at: new Date('2026-01-02T03:04:05Z') }]);
  });
});
