import { eq, sql, type SQL } from 'drizzle-orm';
import { gameAccounts, games } from '../../db/schema.ts';

/**
 * How the players' lookup and the order search find roles (`game_accounts` rows). Each condition is answered by an
 * index, also when they are OR-ed together (PostgreSQL then combines the indexes' bitmaps instead of reading the table):
 * the role name's start by `game_accounts_role_name_prefix_idx` (migration 0015), the role id by
 * `game_accounts_role_id_idx`, the game ID by `game_accounts_account_idx`. role-match.test.ts checks the plans.
 */

/** A LIKE pattern matching `value` literally (`%`, `_` and `\` are escaped) at the start. */
export const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The role name begins with `value`, in any case. `lower(role_name) LIKE <prefix>` is the indexed expression; the index
 * uses text_pattern_ops, the only way a LIKE prefix becomes an index range outside the C collation.
 */
export const roleNameStartsWith = (value: string): SQL => sql`lower(${gameAccounts.roleName}) LIKE lower(${likePrefix(value)})`;

export const roleIdIs = (value: string): SQL => eq(gameAccounts.roleId, value);

/**
 * The game ID (`account_id`) is `value`, in any game. The index is (app_id, account_id): naming every game as an array
 * (an init plan, computed once) lets the index answer even inside an OR, where `app_id IN (SELECT ...)` cannot.
 */
export const gameIdIs = (value: string): SQL =>
  sql`(${gameAccounts.appId} = ANY(ARRAY(SELECT ${games.appId} FROM ${games})) AND ${gameAccounts.accountId} = ${value})`;
