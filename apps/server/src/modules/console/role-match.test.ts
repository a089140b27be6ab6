import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, sql, type SQL } from 'drizzle-orm';
import { BACKENDS } from '../../../test/harness.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { games, orders } from '../../db/schema.ts';
import { searchConditions } from './orders/order-search.ts';
import { matchingRoles } from './players/players.service.ts';

/** Enough roles (and an order each) that reading a whole table costs clearly more than an index range, as in production. */
const ROLES = 20_000;
const PREFIX_INDEX = 'game_accounts_role_name_prefix_idx';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe.each(BACKENDS)('role lookups by name prefix use the index (%s)', (backend) => {
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const created = backend === 'postgres' ? await createTestDatabase() : undefined;
    dropDatabase = created?.drop;
    database = await openDatabase({ url: created?.url, dataDir: 'memory://' });
    const { db } = database;
    await db.insert(games).values([
      { appId: 10030, name: 'Breaking Dead' },
      { appId: 10002, name: 'Myth Wars & Puzzles' },
    ]);
    await db.execute(sql`
      INSERT INTO game_accounts (app_id, account_id, server_id, role_id, role_name)
      SELECT CASE WHEN i % 2 = 0 THEN 10030 ELSE 10002 END, 'acc-' || i, '10001', 'role-' || i, md5(i::text)
      FROM generate_series(1, ${ROLES}) AS i`);
    // Names the literal-matching checks look for, among the random ones.
    await db.execute(sql`
      INSERT INTO game_accounts (app_id, account_id, server_id, role_id, role_name) VALUES
        (10030, 'acc-lit-1', '10001', 'lit-1', 'Zed_Knight'),
        (10030, 'acc-lit-2', '10001', 'lit-2', 'zedXKnight'),
        (10030, 'acc-lit-3', '10001', 'lit-3', 'Zed%Mage'),
        (10030, 'acc-lit-4', '10001', 'lit-4', 'zedyMage'),
        (10030, 'acc-lit-5', '10001', 'lit-5', 'Zed\\Monk')`);
    // An order per role: the order search starts from the roles only when orders outnumber the matching roles.
    const [player] = await db.execute(sql`INSERT INTO users DEFAULT VALUES RETURNING id`).then((result) => (result as unknown as { rows: { id: number }[] }).rows);
    await db.execute(sql`
      INSERT INTO orders (order_sn, user_id, app_id, game_account_id, order_source, currency, total_amount_minor, pay_amount_minor, language)
      SELECT lpad(id::text, 22, '0'), ${player!.id}, app_id, id, 'voucher', 'USD', 100, 100, 'en' FROM game_accounts`);
    await db.execute(sql`ANALYZE game_accounts`);
    await db.execute(sql`ANALYZE orders`);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await dropDatabase?.();
  });

  async function planOf(query: SQL | { getSQL(): SQL }): Promise<PlanNode[]> {
    const result = (await database.db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as unknown as { rows: { 'QUERY PLAN': unknown }[] };
    const raw = result.rows[0]!['QUERY PLAN'];
    const [{ Plan }] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    return nodesOf(Plan);
  }

  /** No node reads all of game_accounts: no sequential scan, and every index it touches is searched by a condition. */
  function expectIndexOnly(plan: PlanNode[]) {
    const onRoles = plan.filter((node) => node['Relation Name'] === 'game_accounts' || node['Index Name']?.startsWith('game_accounts_'));
    expect(onRoles.length, JSON.stringify(plan)).toBeGreaterThan(0);
    for (const node of onRoles) {
      expect(node['Node Type'], JSON.stringify(node)).not.toBe('Seq Scan');
      if (node['Index Name']) expect(node['Index Cond'], JSON.stringify(node)).toBeTruthy();
    }
    const prefix = plan.find((node) => node['Index Name'] === PREFIX_INDEX);
    expect(prefix, JSON.stringify(plan)).toBeDefined();
    // A range on the lower-cased name (~>=~ / ~<~ are the text_pattern_ops comparisons a LIKE prefix turns into).
    expect(prefix!['Index Cond']).toMatch(/lower\(role_name\) ~>=~/);
  }

  it.each(['role', 'auto'] as const)("the players' lookup (by %s) finds the role name's start through the index", async (by) => {
    const query = matchingRoles(database.db, 'Ab3', by, 51)!;
    expectIndexOnly(await planOf(query));
  });

  it('the order search by role finds the role name\'s start through the index, with and without a game', async () => {
    for (const appId of [undefined, 10030]) {
      const where = and(...searchConditions({ role: 'Ab3', appId, pageSize: 20 }));
      expectIndexOnly(await planOf(sql`SELECT ${orders.id} FROM ${orders} WHERE ${where}`));
    }
  });

  it('matches %, _ and \\ literally and any case', async () => {
    const names = async (q: string) => (await matchingRoles(database.db, q, 'role', 51)!).map((row) => row.roleName).sort();
    expect(await names('zed_')).toEqual(['Zed_Knight']);
    expect(await names('ZED%')).toEqual(['Zed%Mage']);
    expect(await names('zed\\')).toEqual(['Zed\\Monk']);
    expect(await names('zed')).toEqual(['Zed%Mage', 'Zed\\Monk', 'Zed_Knight', 'zedXKnight', 'zedyMage']);
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });
});
