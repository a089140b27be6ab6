import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ROLE_PERMISSIONS, type ConsoleMe } from '@shop/contract/console/access';
import type { Db, Executor } from '../../../db/client.ts';
import { operatorRecoveryCodes, operators, operatorSessions } from '../../../db/schema.ts';
import { invalid, unauthenticated, notFound, tooMany } from '../../../shared/domain-errors.ts';
import { ARGON2_OPTIONS } from '../../account/passwords.ts';
import { toView, type ConsoleAccessConfig, type ConsoleOperator, type OperatorRow } from './operators.service.ts';
import { newRecoveryCodes, newToken, recoveryCodeHash, tokenHash } from './secrets.ts';
import { acceptedTotpStep, totpUri } from './totp.ts';

/** After this many wrong logins in a row the account is locked for LOCK_MINUTES. */
const MAX_FAILED_LOGINS = 5;
const LOCK_MINUTES = 15;
/** A session's last-seen time is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

export interface LoginInput {
  email: string;
  password: string;
  totp?: string | undefined;
  recoveryCode?: string | undefined;
}

/** The login's password step: whose account, and whether the password was right (a wrong one still counts). */
export interface PasswordCheck {
  operatorId: number;
  passwordOk: boolean;
}

export type SignIn = { failed: true } | { failed: false; token: string; me: ConsoleMe; operator: { id: number; email: string } };

export interface Enrolment {
  token: string;
  password: string;
  totpSecret: string;
  totp: string;
}

/**
 * An operator's own access: logging in and out, the session of each console request, enrolling through an
 * invitation and renewing the recovery codes. Changes run in the caller's transaction (their routes audit them).
 */
export class OperatorSessions {
  private dummyHash?: Promise<string>;

  constructor(
    private readonly db: Db,
    private readonly config: ConsoleAccessConfig,
  ) {}

  /**
   * The login's first step, before its transaction (argon2 takes ~50 ms): the operator of the e-mail and whether the
   * password is right. An unknown, disabled or locked operator is refused here.
   */
  async checkPassword(input: LoginInput): Promise<PasswordCheck> {
    const [operator] = await this.db.select().from(operators).where(eq(operators.email, input.email));
    this.dummyHash ??= hash('dummy operator password', ARGON2_OPTIONS);
    const passwordOk =
      input.password.length <= 128 && (await verify(operator?.passwordHash || (await this.dummyHash), input.password).catch(() => false));
    if (!operator || !operator.passwordHash || !operator.totpSecret) throw unauthenticated('consoleLoginFailed');
    if (operator.disabledAt) throw unauthenticated('consoleLoginFailed');
    if (operator.lockedUntil && operator.lockedUntil > new Date()) throw tooMany('consoleAccountLocked');
    return { operatorId: operator.id, passwordOk };
  }

  /**
   * Password, then the second factor (a TOTP code once, or an unused recovery code), in the caller's transaction. Every
   * failure answers the same message, whatever was wrong, and counts toward the lock: a failure is answered as
   * `failed`, so the caller commits the count before it refuses (thrown inside, the counter would roll back).
   */
  async signIn(tx: Executor, input: LoginInput, checked: PasswordCheck, client: { ip: string; userAgent: string }): Promise<SignIn> {
    const { operatorId, passwordOk } = checked;
    // One login at a time per operator: the TOTP step and the recovery code are spent once under races.
    const [locked] = await tx.select().from(operators).where(eq(operators.id, operatorId)).for('update');
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
    return { failed: false as const, token, me: await this.meOf(tx, { ...locked, lastLoginAt: now }), operator: { id: locked.id, email: locked.email } };
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

  async regenerateRecoveryCodes(tx: Executor, operatorId: number, totp: string): Promise<string[]> {
    const [row] = await tx.select().from(operators).where(eq(operators.id, operatorId)).for('update');
    const step = row?.totpSecret ? acceptedTotpStep(row.totpSecret, totp, row.totpLastStep) : undefined;
    if (!row || step === undefined) throw invalid('consoleTotpInvalid');
    await tx.update(operators).set({ totpLastStep: step }).where(eq(operators.id, operatorId));
    return this.replaceRecoveryCodes(tx, operatorId);
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

  /** The enrolment's first step, before its transaction (argon2): the TOTP code proves the secret; the password's hash. */
  async enrolmentSecrets(input: Enrolment): Promise<{ passwordHash: string; step: number }> {
    const step = acceptedTotpStep(input.totpSecret, input.totp, null);
    if (step === undefined) throw invalid('consoleTotpInvalid');
    return { passwordHash: await hash(input.password, ARGON2_OPTIONS), step };
  }

  /**
   * Sets the password and the TOTP secret (proven by a current code, enrolmentSecrets); the invitation is spent. Answers
   * the enrolled operator and the recovery codes.
   */
  async acceptInvitation(tx: Executor, input: Enrolment, { passwordHash, step }: { passwordHash: string; step: number }): Promise<{ operator: { id: number; email: string }; recoveryCodes: string[] }> {
    const [row] = await tx
      .update(operators)
      .set({ passwordHash, totpSecret: input.totpSecret, totpLastStep: step, inviteTokenHash: null, inviteExpiresAt: null, failedLogins: 0, lockedUntil: null, updatedAt: new Date() })
      .where(and(eq(operators.inviteTokenHash, tokenHash(input.token)), gt(operators.inviteExpiresAt, sql`now()`), isNull(operators.disabledAt)))
      .returning();
    if (!row) throw notFound('consoleInvitationInvalid');
    return { operator: { id: row.id, email: row.email }, recoveryCodes: await this.replaceRecoveryCodes(tx, row.id) };
  }
}
