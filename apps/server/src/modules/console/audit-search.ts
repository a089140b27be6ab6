import { and, desc, eq, gte, ilike, lt, lte, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@shop/contract/console/access';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export interface AuditQuery {
  actor?: string | undefined;
  action?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  before?: number | undefined;
  limit: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The audit log newest first, filtered; paged by id (`nextBefore`). */
export async function searchAudit(db: Db, query: AuditQuery): Promise<{ entries: AuditEntry[]; nextBefore: number | null }> {
  const where: SQL[] = [];
  if (query.actor) where.push(ilike(auditLog.actor, `%${escapeLike(query.actor)}%`));
  if (query.action) where.push(ilike(auditLog.action, `${escapeLike(query.action)}%`));
  if (query.entityType) where.push(eq(auditLog.entityType, query.entityType));
  if (query.entityId) where.push(eq(auditLog.entityId, query.entityId));
  if (query.from) where.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) where.push(lte(auditLog.createdAt, new Date(query.to)));
  if (query.before) where.push(lt(auditLog.id, query.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((row) => ({
      id: row.id,
      actor: row.actor,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      before: row.before,
      after: row.after,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
    })),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
