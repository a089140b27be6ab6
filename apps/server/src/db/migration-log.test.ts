import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { openDatabase } from './client.ts';
import type { MigrationLog } from './migration-log.ts';

const MIGRATIONS = (JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] }).entries.length;

function recordingLog() {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  const log: MigrationLog = { info: (details, message) => void lines.push({ details, message }) };
  return { log, lines };
}

describe('the start-up line about migrations (PGlite)', () => {
  // (a second start on the same folder finds none pending: the PostgreSQL case below; PGlite on disk takes most of a minute)
  it('says the first start applied every migration', async () => {
    const first = recordingLog();
    await (await openDatabase({ dataDir: 'memory://', log: first.log })).close();
    expect(first.lines).toEqual([{ details: { applied: MIGRATIONS, total: MIGRATIONS, waitedForLock: false }, message: `migrations: applied ${MIGRATIONS} (${MIGRATIONS} in all)` }]);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the start-up line about migrations (PostgreSQL)', () => {
  it('says when an instance waits for another holding the migration lock, and whether it applied any', async () => {
    const database = await createTestDatabase();
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      // another instance is migrating: it holds the lock
      await other.query('SELECT pg_advisory_lock(727001)');
      const waiting = recordingLog();
      const opening = openDatabase({ url: database.url, dataDir: '', log: waiting.log });
      await expect.poll(() => waiting.lines.map((line) => line.message)).toEqual(['migrations: another instance holds the migration lock; waiting for it']);
      await other.query('SELECT pg_advisory_unlock(727001)');
      await (await opening).close();
      expect(waiting.lines[1]).toEqual({
        details: { applied: MIGRATIONS, total: MIGRATIONS, waitedForLock: true },
        message: `migrations: applied ${MIGRATIONS} after waiting for another instance's migration lock (${MIGRATIONS} in all)`,
      });

      const next = recordingLog();
      await (await openDatabase({ url: database.url, dataDir: '', log: next.log })).close();
      expect(next.lines).toEqual([{ details: { applied: 0, total: MIGRATIONS, waitedForLock: false }, message: `migrations: none pending (${MIGRATIONS} in all)` }]);
    } finally {
      await other.end();
      await database.drop();
    }
  }, 120_000);
});
