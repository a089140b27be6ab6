import { eq } from 'drizzle-orm';
import type { PlayerAccount, PlayerSummary } from '@shop/contract/console/players';
import type { Executor } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { notFound } from '../../../shared/domain-errors.ts';

export type UserRow = typeof users.$inferSelect;

/** The ledger reference of a console adjustment: the console's key, so a replay finds the first entry. */
export const adjustmentReference = (key: string) => `adjust:${key}`;
/** The audit action of an adjustment: its entry keeps the reason and the operator the ledger's page shows. */
export const ADJUST_ACTION = 'player.adjustVouchers';

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function summary(row: UserRow): PlayerSummary {
  return {
    id: row.id,
    email: row.email,
    mobile: row.mobile,
    countryCode: row.countryCode,
    createdAt: row.createdAt.toISOString(),
    blockedAt: iso(row.blockedAt),
  };
}

export function account(row: UserRow): PlayerAccount {
  return { ...summary(row), blockedReason: row.blockedReason, hasPassword: row.passwordHash !== null, updatedAt: row.updatedAt.toISOString() };
}

export async function requireUser(executor: Executor, id: number, lock = false): Promise<UserRow> {
  const query = executor.select().from(users).where(eq(users.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('consolePlayerNotFound');
  return row;
}
