import { hash, verify } from '@node-rs/argon2';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ROLE_PERMISSIONS, type ConsoleMe, type OperatorRole, type OperatorView } from '@shop/contract/console/access';
import type { Db } from '../../../db/client.ts';
import { operatorRecoveryCodes, operators, operatorSessions } from '../../../db/schema.ts';
import { invalid, unauthenticated, notFound, conflict, tooMany } from '../../../shared/domain-errors.ts';
import { ARGON2_OPTIONS } from '../../account/passwords.ts';
import { recordAudit, type Actor } from '../audit.ts';
import { newRecoveryCodes, newToken, recoveryCodeHash, tokenHash } from './secrets.ts';
import { acceptedTotpStep, totpUri } from './totp.ts';

type OperatorRow = typeof operators.$inferSelect;

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

/** After this many wrong logins in a row the account is locked for LOCK_MINUTES. */
const MAX_FAILED_LOGINS = 5;
const LOCK_MINUTES = 15;
/** A session's last-seen time is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

export class OperatorsService {
  private dummyHash?: Promise<string>;

  constructor(
    private readonly db: Db,
    private readonly config: ConsoleAccessConfig,
  ) {}

  // --- sessions -------------------------------------------------------------------------------------------------------

  /**
   * Password, then the second factor (a TOTP code once, or an unused recovery code). Every failure answers the same
   * message, whatever was wrong, and counts toward the lock.
   */
  async login(
    input: { email: string; password: string; totp?: string | undefined; recoveryCode?: string | undefined },
    client: { ip: string; userAgent: string },
  ): Promise<{ token: string; me: ConsoleMe }> {
    const [operator] = await this.db.select().from(operators).where(eq(operators.email, input.email));
    this.dummyHash ??= hash('dummy operator password', ARGON2_OPTIONS);
    const passwordOk =
      input.password.length <= 128 && (await verify(operator?.passwordHash || (await this.dummyHash), input.password).catch(() => false));
    if (!operator || !operator.passwordHash || !operator.totpSecret) throw unauthenticated('consoleLoginFailed');
    if (operator.disabledAt) throw unauthenticated('consoleLoginFailed');
    if (operator.lockedUntil && operator.lockedUntil > new Date()) throw tooMany('consoleAccountLocked');

    return this.db.transaction(async (tx) => {
      // One login at a time per operator: the TOTP step and the recovery code are spent once under races.
      const [locked] = await tx.select().from(operators).where(eq(operators.id, operator.id)).for('update');
      if (!locked) throw unauthenticated('consoleLoginFailed');
      let secondFactorOk = false;
      let totpStep: number | undefined;
      if (passwordOk && input.totp && locked.totpSecret) {
        totpStep = acceptedTotpStep(locked.totpSecret, input.totp, locked.totpLastStep);
        secondFactorOk = totpStep !== undefined;
      } else if (passwordOk && input.recoveryCode) {
        const used = await tx
          .update(operatorRecoveryCodes)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(operatorRecoveryCodes.operatorId, locked.id),
              eq(operatorRecoveryCodes.codeHash, recoveryCodeHash(input.recoveryCode)),
              isNull(operatorRecoveryCodes.usedAt),
            ),
          )
          .returning({ id: operatorRecoveryCodes.id });
        secondFactorOk = used.length === 1;
      }
      if (!secondFactorOk) {
        const failed = locked.failedLogins + 1;
        await tx
          .update(operators)
          .set({ failedLogins: failed >= MAX_FAILED_LOGINS ? 0 : failed, lockedUntil: failed >= MAX_FAILED_LOGINS ? new Date(Date.now() + LOCK_MINUTES * 60_000) : locked.lockedUntil })
          .where(eq(operators.id, locked.id));
        return { failed: true as const };
      }
      const now = new Date();
      await tx
        .update(operators)
        .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now, ...(totpStep !== undefined ? { totpLastStep: totpStep } : {}) })
        .where(eq(operators.id, locked.id));
      const token = newToken();
      await tx.insert(operatorSessions).values({
        tokenHash: tokenHash(token),
        operatorId: locked.id,
        ip: client.ip,
        userAgent: client.userAgent.slice(0, 300),
        expiresAt: new Date(now.getTime() + this.config.maxAgeSeconds * 1000),
      });
      const actor: Actor = { operatorId: locked.id, name: locked.email, ip: client.ip };
      await recordAudit(tx, actor, { action: input.recoveryCode ? 'operator.login-recovery-code' : 'operator.login', entityType: 'operator', entityId: locked.id });
      return { failed: false as const, token, me: await this.meOf(tx, { ...locked, lastLoginAt: now }) };
    }).then((result) => {
      // The failure is committed before it is answered (thrown inside, the counter would roll back).
      if (result.failed) throw unauthenticated('consoleLoginFailed');
      return { token: result.token, me: result.me };
    });
  }

  /** The operator of a session token, or undefined when the session ended, expired, idled out or its operator is disabled. */
  async authenticate(token: string): Promise<ConsoleOperator | undefined> {
    const hashed = tokenHash(token);
    const [row] = await this.db
      .select({ session: operatorSessions, operator: operators })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(and(eq(operatorSessions.tokenHash, hashed), isNull(operatorSessions.endedAt), gt(operatorSessions.expiresAt, sql`now()`)));
    if (!row || row.operator.disabledAt) return undefined;
    const idleMs = Date.now() - row.session.lastSeenAt.getTime();
    if (idleMs > this.config.idleTimeoutSeconds * 1000) {
      await this.db.update(operatorSessions).set({ endedAt: new Date() }).where(eq(operatorSessions.tokenHash, hashed));
      return undefined;
    }
    if (idleMs > TOUCH_EVERY_MS) await this.db.update(operatorSessions).set({ lastSeenAt: new Date() }).where(eq(operatorSessions.tokenHash, hashed));
    const { id, email, name, role } = row.operator;
    return { id, email, name, role, sessionHash: hashed };
  }

  async logout(operator: ConsoleOperator): Promise<void> {
    await this.db.update(operatorSessions).set({ endedAt: new Date() }).where(eq(operatorSessions.tokenHash, operator.sessionHash));
  }

  async me(operator: ConsoleOperator): Promise<ConsoleMe> {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, operator.id));
    if (!row) throw unauthenticated();
    return this.meOf(this.db, row);
  }

  private async meOf(executor: Pick<Db, 'select'>, row: OperatorRow): Promise<ConsoleMe> {
    const [codes] = await executor
      .select({ left: sql<number>`count(*)::int` })
      .from(operatorRecoveryCodes)
      .where(and(eq(operatorRecoveryCodes.operatorId, row.id), isNull(operatorRecoveryCodes.usedAt)));
    return {
      ...toView(row),
      permissions: [...ROLE_PERMISSIONS[row.role]],
      recoveryCodesLeft: Number(codes?.left ?? 0),
      idleTimeoutSeconds: this.config.idleTimeoutSeconds,
    };
  }

  async regenerateRecoveryCodes(actor: Actor, operatorId: number, totp: string): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(operators).where(eq(operators.id, operatorId)).for('update');
      const step = row?.totpSecret ? acceptedTotpStep(row.totpSecret, totp, row.totpLastStep) : undefined;
      if (!row || step === undefined) throw invalid('consoleTotpInvalid');
      await tx.update(operators).set({ totpLastStep: step }).where(eq(operators.id, operatorId));
      const codes = await this.replaceRecoveryCodes(tx, operatorId);
      await recordAudit(tx, actor, { action: 'operator.recovery-codes', entityType: 'operator', entityId: operatorId });
      return codes;
    });
  }

  private async replaceRecoveryCodes(tx: Pick<Db, 'update' | 'insert'>, operatorId: number): Promise<string[]> {
    await tx
      .update(operatorRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(operatorRecoveryCodes.operatorId, operatorId), isNull(operatorRecoveryCodes.usedAt)));
    const { codes, hashes } = newRecoveryCodes();
    await tx.insert(operatorRecoveryCodes).values(hashes.map((codeHash) => ({ operatorId, codeHash })));
    return codes;
  }

  // --- invitations ----------------------------------------------------------------------------------------------------

  /** An invitation by its token: who it is for (the console shows it with a fresh TOTP secret to scan). */
  async invitation(token: string): Promise<OperatorRow> {
    const [row] = await this.db
      .select()
      .from(operators)
      .where(and(eq(operators.inviteTokenHash, tokenHash(token)), gt(operators.inviteExpiresAt, sql`now()`), isNull(operators.disabledAt)));
    if (!row) throw notFound('consoleInvitationInvalid');
    return row;
  }

  invitationUri(email: string, secret: string): string {
    return totpUri(secret, email);
  }

  /** Sets the password and the TOTP secret (proven by a current code); the invitation is spent. Answers the recovery codes. */
  async acceptInvitation(input: { token: string; password: string; totpSecret: string; totp: string }, ip: string): Promise<string[]> {
    const step = acceptedTotpStep(input.totpSecret, input.totp, null);
    if (step === undefined) throw invalid('consoleTotpInvalid');
    const passwordHash = await hash(input.password, ARGON2_OPTIONS);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(operators)
        .set({ passwordHash, totpSecret: input.totpSecret, totpLastStep: step, inviteTokenHash: null, inviteExpiresAt: null, failedLogins: 0, lockedUntil: null, updatedAt: new Date() })
        .where(and(eq(operators.inviteTokenHash, tokenHash(input.token)), gt(operators.inviteExpiresAt, sql`now()`), isNull(operators.disabledAt)))
        .returning();
      if (!row) throw notFound('consoleInvitationInvalid');
      const codes = await this.replaceRecoveryCodes(tx, row.id);
      await recordAudit(tx, { operatorId: row.id, name: row.email, ip }, { action: 'operator.enrol', entityType: 'operator', entityId: row.id });
      return codes;
    });
  }

  // --- operators (admins) ---------------------------------------------------------------------------------------------

  async list(): Promise<OperatorView[]> {
    return (await this.db.select().from(operators).orderBy(asc(operators.id))).map(toView);
  }

  /** A new operator without password or TOTP, and the one-time link that lets them set both. */
  async invite(actor: Actor, input: { email: string; name: string; role: OperatorRole }) {
    const token = newToken();
    const expiresAt = this.inviteExpiry();
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(operators)
        .values({ email: input.email, name: input.name, role: input.role, inviteTokenHash: tokenHash(token), inviteExpiresAt: expiresAt })
        .onConflictDoNothing({ target: operators.email })
        .returning();
      if (!created) throw conflict('consoleOperatorExists');
      await recordAudit(tx, actor, { action: 'operator.invite', entityType: 'operator', entityId: created.id, after: toView(created) });
      return created;
    });
    return this.invitationLink(row, token, expiresAt);
  }

  async update(actor: Actor, id: number, patch: { name?: string | undefined; role?: OperatorRole | undefined; disabled?: boolean | undefined }): Promise<OperatorView> {
    if (id === actor.operatorId && (patch.disabled === true || (patch.role !== undefined && patch.role !== 'admin'))) throw conflict('consoleCannotDemoteSelf');
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
      if (!before) throw notFound('consoleOperatorNotFound');
      const disabledAt = patch.disabled === undefined ? before.disabledAt : patch.disabled ? (before.disabledAt ?? new Date()) : null;
      const [after] = await tx
        .update(operators)
        .set({ name: patch.name ?? before.name, role: patch.role ?? before.role, disabledAt, updatedAt: new Date() })
        .where(eq(operators.id, id))
        .returning();
      if (disabledAt || (patch.role && patch.role !== before.role)) await endSessions(tx, id);
      await recordAudit(tx, actor, { action: 'operator.update', entityType: 'operator', entityId: id, before: toView(before), after: toView(after!) });
      return toView(after!);
    });
  }

  /** A lost password or authenticator: both cleared, sessions ended, a new enrolment link. */
  async reset(actor: Actor, id: number) {
    const token = newToken();
    const expiresAt = this.inviteExpiry();
    const row = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(operators)
        .set({ passwordHash: null, totpSecret: null, totpLastStep: null, inviteTokenHash: tokenHash(token), inviteExpiresAt: expiresAt, updatedAt: new Date() })
        .where(eq(operators.id, id))
        .returning();
      if (!updated) throw notFound('consoleOperatorNotFound');
      await endSessions(tx, id);
      await tx.update(operatorRecoveryCodes).set({ usedAt: new Date() }).where(and(eq(operatorRecoveryCodes.operatorId, id), isNull(operatorRecoveryCodes.usedAt)));
      await recordAudit(tx, actor, { action: 'operator.reset', entityType: 'operator', entityId: id });
      return updated;
    });
    return this.invitationLink(row, token, expiresAt);
  }

  /**
   * The console command's first admin (or a new link for an existing one): invited like any operator, as role admin.
   * Answers the enrolment link to open.
   */
  async inviteFromCommand(input: { email: string; name: string }) {
    const actor: Actor = { operatorId: null, name: 'console-command', ip: '' };
    const [existing] = await this.db.select().from(operators).where(eq(operators.email, input.email));
    if (!existing) return this.invite(actor, { ...input, role: 'admin' });
    if (existing.role !== 'admin') await this.update(actor, existing.id, { role: 'admin' });
    return this.reset(actor, existing.id);
  }

  private inviteExpiry(): Date {
    return new Date(Date.now() + this.config.inviteTtlHours * 3_600_000);
  }

  private invitationLink(row: OperatorRow, token: string, expiresAt: Date) {
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
