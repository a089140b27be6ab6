import type { Executor } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

/** Who made a change: a signed-in operator, the machine ops token, or the console command on the server. */
export interface Actor {
  operatorId: number | null;
  /** As the log shows it: the operator's e-mail, 'ops-token' or 'console-command'. */
  name: string;
  ip: string;
}

export interface AuditChange {
  /** What was done, as `entity.verb`: 'product.update', 'order.refund', 'player.block'... */
  action: string;
  entityType: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** A change as a domain service reports it for its audit entry: the entity's state before and after. */
export interface StateChange<B = Record<string, unknown>, A = Record<string, unknown>> {
  before: B;
  after: A;
}

/**
 * Writes one audit entry (the HTTP layer writes a route's entries from its declaration, http/handler.ts). Call it with the transaction that makes the change: the entry exists exactly when the change
 * does. The table is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE).
 */
export async function recordAudit(executor: Executor, actor: Actor, change: AuditChange): Promise<void> {
  await executor.insert(auditLog).values({
    operatorId: actor.operatorId,
    actor: actor.name,
    action: change.action,
    entityType: change.entityType,
    entityId: String(change.entityId),
    before: change.before ?? null,
    after: change.after ?? null,
    ip: actor.ip,
  });
}
