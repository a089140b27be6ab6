import { and, asc, eq, isNull } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import type { OperatorRole, OperatorView } from '@shop/contract/console/access';
import type { Db, Executor } from '../../../db/client.ts';
import { operatorRecoveryCodes, operators, operatorSessions } from '../../../db/schema.ts';
import { recordAudit, type Actor, type AuditChange, type StateChange } from '../../../shared/audit.ts';
import { notFound, conflict } from '../../../shared/domain-errors.ts';
import { ARGON2_OPTIONS } from '../../account/passwords.ts';
import { newToken, tokenHash } from './secrets.ts';

export type OperatorRow = typeof operators.$inferSelect;

/** The operator a console request runs as (set by the console's auth hook). */
export interface ConsoleOperator {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
  sessionHash: string;
}

export interface ConsoleAccessConfig {
  publicUrl: string;
  /** A session ends after this long without a request. */
  idleTimeoutSeconds: number;
  /** ... and after this long in any case. */
  maxAgeSeconds: number;
  inviteTtlHours: number;
}

export interface InvitationLink {
  operator: OperatorView;
  invitationUrl: string;
  expiresAt: string;
}

type OperatorPatch = { name?: string | undefined; role?: OperatorRole | undefined; disabled?: boolean | undefined };

/** The console command on the server as the audit log names it. */
const COMMAND_ACTOR: Actor = { operatorId: null, name: 'console-command', ip: '' };

/**
 * The operator accounts (admins): inviting, changing and resetting an operator, each in the caller's transaction
 * (their routes audit them), and the console command's first admin.
 */
export class OperatorsService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<ConsoleAccessConfig, 'publicUrl' | 'inviteTtlHours'>,
  ) {}

  async list(): Promise<OperatorView[]> {
    return (await this.db.select().from(operators).orderBy(asc(operators.id))).map(toView);
  }

  /** A new operator without password or TOTP, and the one-time link that lets them set both. */
  async invite(tx: Executor, input: { email: string; name: string; role: OperatorRole }): Promise<InvitationLink> {
    const token = newToken();
    const expiresAt = this.inviteExpiry();
    const [created] = await tx
      .insert(operators)
      .values({ email: input.email, name: input.name, role: input.role, inviteTokenHash: tokenHash(token), inviteExpiresAt: expiresAt })
      .onConflictDoNothing({ target: operators.email })
      .returning();
    if (!created) throw conflict('consoleOperatorExists');
    return this.invitationLink(created, token, expiresAt);
  }

  /** `byOperatorId`: who asks; an admin cannot disable or demote themselves. */
  async update(tx: Executor, byOperatorId: number | null, id: number, patch: OperatorPatch): Promise<StateChange<OperatorView, OperatorView>> {
    if (id === byOperatorId && (patch.disabled === true || (patch.role !== undefined && patch.role !== 'admin'))) throw conflict('consoleCannotDemoteSelf');
    const [before] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
    if (!before) throw notFound('consoleOperatorNotFound');
    const disabledAt = patch.disabled === undefined ? before.disabledAt : patch.disabled ? (before.disabledAt ?? new Date()) : null;
    const [after] = await tx
      .update(operators)
      .set({ name: patch.name ?? before.name, role: patch.role ?? before.role, disabledAt, updatedAt: new Date() })
      .where(eq(operators.id, id))
      .returning();
    if (disabledAt || (patch.role && patch.role !== before.role)) await endSessions(tx, id);
    return { before: toView(before), after: toView(after!) };
  }

  /** A lost password or authenticator: both cleared, sessions ended, a new enrolment link. */
  async reset(tx: Executor, id: number): Promise<InvitationLink> {
    const token = newToken();
    const expiresAt = this.inviteExpiry();
    const [updated] = await tx
      .update(operators)
      .set({ passwordHash: null, totpSecret: null, totpLastStep: null, inviteTokenHash: tokenHash(token), inviteExpiresAt: expiresAt, updatedAt: new Date() })
      .where(eq(operators.id, id))
      .returning();
    if (!updated) throw notFound('consoleOperatorNotFound');
    await endSessions(tx, id);
    await tx.update(operatorRecoveryCodes).set({ usedAt: new Date() }).where(and(eq(operatorRecoveryCodes.operatorId, id), isNull(operatorRecoveryCodes.usedAt)));
    return this.invitationLink(updated, token, expiresAt);
  }

  /**
   * The console command's first admin (or a new link for an existing one): invited like any operator, as role admin.
   * Answers the enrolment link to open. The command is no route, so it writes the same audit entries as the routes
   * (invite, update, reset) itself, each in the transaction of its change.
   */
  async inviteFromCommand(input: { email: string; name: string }): Promise<InvitationLink> {
    const audited = <T>(change: (tx: Executor) => Promise<T>, entry: (result: T) => AuditChange) =>
      this.db.transaction(async (tx) => {
        const result = await change(tx);
        await recordAudit(tx, COMMAND_ACTOR, entry(result));
        return result;
      });
    const [existing] = await this.db.select().from(operators).where(eq(operators.email, input.email));
    if (!existing) {
      return audited(
        (tx) => this.invite(tx, { ...input, role: 'admin' }),
        (link) => ({ action: 'operator.invite', entityType: 'operator', entityId: link.operator.id, after: link.operator }),
      );
    }
    if (existing.role !== 'admin') {
      await audited(
        (tx) => this.update(tx, null, existing.id, { role: 'admin' }),
        (change) => ({ action: 'operator.update', entityType: 'operator', entityId: existing.id, ...change }),
      );
    }
    return audited(
      (tx) => this.reset(tx, existing.id),
      () => ({ action: 'operator.reset', entityType: 'operator', entityId: existing.id }),
    );
  }

  private inviteExpiry(): Date {
    return new Date(Date.now() + this.config.inviteTtlHours * 3_600_000);
  }

  private invitationLink(row: OperatorRow, token: string, expiresAt: Date): InvitationLink {
    return {
      operator: toView(row),
      invitationUrl: `${this.config.publicUrl}/console/enrol?token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
    };
  }
}

async function endSessions(tx: Pick<Db, 'update'>, operatorId: number): Promise<void> {
  await tx.update(operatorSessions).set({ endedAt: new Date() }).where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.endedAt)));
}

export function toView(row: OperatorRow): OperatorView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    state: row.disabledAt ? 'disabled' : row.passwordHash && row.totpSecret ? 'active' : 'invited',
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The development shop's demo admin (`npm start` prints how to log in); never created in production. */
export const DEMO_ADMIN = {
  email: 'admin@example.com',
  name: 'Demo admin',
  password: 'console-demo-password',
  /** Fixed so the printed code command works across restarts. */
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

export async function ensureDemoAdmin(db: Db): Promise<void> {
  // argon2 costs ~50 ms: hash only when the demo admin is missing, not on every start
  const [existing] = await db.select({ id: operators.id }).from(operators).where(eq(operators.email, DEMO_ADMIN.email));
  if (existing) return;
  await db
    .insert(operators)
    .values({ email: DEMO_ADMIN.email, name: DEMO_ADMIN.name, role: 'admin', passwordHash: await hash(DEMO_ADMIN.password, ARGON2_OPTIONS), totpSecret: DEMO_ADMIN.totpSecret })
    .onConflictDoNothing({ target: operators.email });
}
