import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TokenData } from '@shop/contract/auth.schema';
import {
  GAME_LOGIN_METHODS,
  LoginType,
  type ChangeEmailBody,
  type ChangeMobileBody,
  type ChangePasswordBody,
  type ChangeTicket,
  type DynamicRole,
  LoginBody as LoginSchema,
  type LoginMethod,
  RegisterBody as RegisterSchema,
  type ResetPasswordBody,
} from '@shop/contract/account';
import { AccountType, CodePurpose, type MobileNumber } from '@shop/contract/verification';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { changeTickets, countries, dynamicTokenNonces, loginFailures, users } from '../../db/schema.ts';
import { invalid, captchaRequired, unauthenticated, conflict, tooMany } from '../../shared/domain-errors.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { GamesService } from '../games/games.service.ts';
import { normalizeEmail, phoneE164, type VerificationService } from '../verification/verification.service.ts';
import { checkNewPassword, hasPasswordLength, hashPassword, verifyPassword } from './passwords.ts';
import { rows, typedSql } from '../../db/statement.ts';

/** Seconds a change ticket (proof that the current phone/e-mail was verified) stays valid. */
export const CHANGE_TICKET_TTL_SECONDS = 600;

type Contact = 'mobile' | 'email';
type LoginBody = z.output<typeof LoginSchema>;
type RegisterBody = z.output<typeof RegisterSchema>;
type UserRow = typeof users.$inferSelect;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Advisory lock namespaces of the failed-login counters. */
const LOCK_LOGIN_ACCOUNT = 727_201;
const LOCK_LOGIN_IP = 727_202;

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const DynamicPayload = z.object({
  appId: z.number().int().positive(),
  accountId: z.string().min(1).max(64),
  roleId: z.string().min(1).max(64),
  serverId: z.string().min(1).max(64),
  exp: z.number().int().positive(),
  nonce: z.string().min(8).max(128),
});
type DynamicPayload = z.infer<typeof DynamicPayload>;

/** Signs a dynamic token as a game server does (tests and the sandbox game). */
export function signDynamicToken(payload: DynamicPayload, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Player accounts: register, password login, password reset/change, phone/e-mail change, dynamic-token login. */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly tokens: TokenService,
    private readonly verification: VerificationService,
    private readonly games: GamesService,
  ) {}

  // ---- targets -------------------------------------------------------------------------------------------------

  private mobileTarget(mobile: MobileNumber | undefined): string {
    if (!mobile) throw invalid('validationFailed', { fields: 'mobile' });
    return phoneE164(mobile.dialCode, mobile.number, this.config.verification.ignoredDialCodes);
  }

  private emailTarget(email: string | undefined): string {
    if (email === undefined) throw invalid('validationFailed', { fields: 'email' });
    return normalizeEmail(email);
  }

  private target(body: { accountType: number; email?: string; mobile?: MobileNumber }): { kind: Contact; target: string } {
    return body.accountType === AccountType.mobile
      ? { kind: 'mobile', target: this.mobileTarget(body.mobile) }
      : { kind: 'email', target: this.emailTarget(body.email) };
  }

  private async userBy(kind: Contact, target: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(kind === 'mobile' ? eq(users.mobile, target) : eq(users.email, target));
    return row;
  }

  private async requireUser(userId: number): Promise<UserRow> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw unauthenticated();
    return row;
  }

  // ---- register and login --------------------------------------------------------------------------------------

  /**
   * Checks everything that needs no code first (nothing is written on a refused request), then consumes the code
   * (outside any transaction, so a wrong try counts), then creates the account; a concurrent registration of the same
   * e-mail/phone loses on the unique index and gets the same 409.
   */
  async register(body: RegisterBody): Promise<TokenData> {
    const { kind, target } = this.target(body);
    checkNewPassword(body.password, body.confirmPassword);
    if (body.agreeTerms !== true) throw invalid('agreeTermsRequired');
    const [country] = await this.db.select({ code: countries.regionCode }).from(countries).where(eq(countries.regionCode, body.countryCode));
    if (!country) throw invalid('invalidCountry');
    if (await this.userBy(kind, target)) throw conflict(kind === 'mobile' ? 'mobileInUse' : 'emailInUse');
    await this.verification.verifyCode({ target, purpose: CodePurpose.RegisterAccount, code: body.code });
    const passwordHash = await hashPassword(body.password);
    const [created] = await this.db
      .insert(users)
      .values({ [kind]: target, countryCode: body.countryCode, passwordHash })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) throw conflict(kind === 'mobile' ? 'mobileInUse' : 'emailInUse');
    return this.tokens.issue({ userId: created.id });
  }

  /**
   * Password login. Unknown account and wrong password get the same answer after an argon2 verification either way;
   * failures are counted per tried account and client IP in `login_failures` (rules in reserveAttempt). A password
   * that no account can have (not 8..64 characters) is refused first, uncounted and without argon2 time.
   */
  async login(body: LoginBody, ip: string): Promise<TokenData> {
    const method: LoginMethod = body.loginType === LoginType.mobile ? 'mobile' : 'email';
    if (body.appId !== undefined) {
      await this.games.requireGame(body.appId);
      if (!(GAME_LOGIN_METHODS[body.appId] ?? ['email', 'mobile']).includes(method)) throw invalid('loginMethodNotAllowed');
    }
    const target = method === 'mobile' ? this.mobileTarget(body.mobile) : this.emailTarget(body.email);
    if (!hasPasswordLength(body.password)) throw invalid('passwordInvalid');
    await this.reserveAttempt(target, ip, { botCheckToken: body.botCheckToken });
    const user = await this.userBy(method, target);
    if (!(await verifyPassword(user?.passwordHash, body.password)) || !user) throw invalid('invalidAccount');
    // A success clears the failures of this account from this IP, this attempt's included. Failures from other IPs
    // stay: the owner logging in must not hand a guesser elsewhere a fresh allowance.
    await this.db.delete(loginFailures).where(and(eq(loginFailures.account, target), eq(loginFailures.ip, ip)));
    return this.tokens.issue({ userId: user.id });
  }

  /**
   * Counts an attempt as a failure before the password is checked (a success deletes it again). The rules
   * (config.loginLimits; ADR 0019, docs/adr/0019-rate-limits-and-lockout.md):
   * - one client IP with `accountIpFailures` recent failures on this account: 429 (that IP stops guessing it);
   * - one client IP with `ipFailures` recent failures on any accounts: 429 (that IP stops guessing at all);
   * - `captchaAfterFailures` recent failures on this account from all IPs together: the attempt needs a bot-check token
   *   (code 1008 without one; the token is used up). It is never refused for the count alone, so guessers elsewhere
   *   cannot lock the owner out. Without `botCheckToken` support (password change, where the caller is signed in as
   *   the account) that count refuses with 429 instead.
   * Lock step: advisory locks on the account key, then the IP (always in that order, so no deadlock) make
   * count-then-insert atomic: a burst of parallel guesses cannot pass a limit, on any number of instances.
   */
  private async reserveAttempt(account: string, ip: string, options: { botCheckToken?: string | undefined; captcha?: false }): Promise<void> {
    const limits = this.config.loginLimits;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_LOGIN_ACCOUNT}, hashtext(${account}))`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_LOGIN_IP}, hashtext(${ip}))`);
      const window = sql`clock_timestamp() - make_interval(secs => ${limits.accountWindowSeconds})`;
      const [counts] = await rows(tx, typedSql<{ account: number | string; pair: number | string; ip: number | string }>()`
          SELECT (SELECT count(*) FROM login_failures WHERE account = ${account} AND created_at > ${window}) AS account,
                 (SELECT count(*) FROM login_failures WHERE account = ${account} AND ip = ${ip} AND created_at > ${window}) AS pair,
                 (SELECT count(*) FROM login_failures
                   WHERE ip = ${ip} AND created_at > clock_timestamp() - make_interval(secs => ${limits.ipWindowSeconds})) AS ip`);
      if (Number(counts!.pair) >= limits.accountIpFailures || Number(counts!.ip) >= limits.ipFailures) {
        throw tooMany('loginTooManyFailures');
      }
      if (Number(counts!.account) >= limits.captchaAfterFailures) {
        if (options.captcha === false) throw tooMany('loginTooManyFailures');
        if (!options.botCheckToken) throw captchaRequired('loginCaptchaRequired');
        await this.verification.consumeBotToken(options.botCheckToken, tx);
      }
      await tx.insert(loginFailures).values({ account, ip, createdAt: sql`clock_timestamp()` });
    });
  }

  // ---- passwords -----------------------------------------------------------------------------------------------

  /** Sets a new password with a ForgetPassword code and ends every session of the account. */
  async resetPassword(body: ResetPasswordBody): Promise<void> {
    const { kind, target } = this.target(body);
    checkNewPassword(body.password, body.confirmPassword);
    const user = await this.userBy(kind, target);
    // Phones get the spec's message; for e-mail the answer is the one of a wrong code (reveals nothing).
    if (!user) throw invalid(kind === 'mobile' ? 'phoneNotRegistered' : 'codeInvalid');
    await this.verification.verifyCode({ target, purpose: CodePurpose.ForgetPassword, code: body.code });
    const passwordHash = await hashPassword(body.password);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await this.tokens.endAllSessions(user.id, tx);
    });
    await this.db.delete(loginFailures).where(eq(loginFailures.account, target));
  }

  /** Changes the password; every session ends and this caller gets a fresh one. */
  async changePassword(userId: number, body: ChangePasswordBody, ip: string): Promise<TokenData> {
    checkNewPassword(body.password, body.confirmPassword);
    // An old password of a length no account has cannot be right: refused uncounted, without argon2 time.
    if (!hasPasswordLength(body.oldPassword)) throw invalid('oldPasswordIncorrect');
    const user = await this.requireUser(userId);
    // Wrong old passwords count like failed logins (key "user:<id>"): a stolen access token cannot guess the password.
    const failureKey = `user:${userId}`;
    await this.reserveAttempt(failureKey, ip, { captcha: false });
    if (!(await verifyPassword(user.passwordHash, body.oldPassword))) throw invalid('oldPasswordIncorrect');
    const passwordHash = await hashPassword(body.password);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await this.tokens.endAllSessions(user.id, tx);
      await tx.delete(loginFailures).where(eq(loginFailures.account, failureKey));
    });
    return this.tokens.issue({ userId });
  }

  // ---- phone and e-mail ----------------------------------------------------------------------------------------

  /** Verifies the CURRENT phone/e-mail with a ChangePhone/ChangeEmail code and hands out a one-time change ticket. */
  async checkContact(userId: number, kind: Contact, code: string): Promise<ChangeTicket> {
    const user = await this.requireUser(userId);
    const current = user[kind];
    if (!current) throw invalid(kind === 'mobile' ? 'noMobileBound' : 'noEmailBound');
    await this.verification.verifyCode({
      target: current,
      purpose: kind === 'mobile' ? CodePurpose.ChangePhone : CodePurpose.ChangeEmail,
      code,
    });
    const ticket = randomBytes(32).toString('base64url');
    await this.db.insert(changeTickets).values({
      userId,
      kind,
      tokenHash: sha256(ticket),
      expiresAt: new Date(Date.now() + CHANGE_TICKET_TTL_SECONDS * 1000),
    });
    return { changeTicket: ticket, expiresIn: CHANGE_TICKET_TTL_SECONDS };
  }

  /**
   * Binds (no current one, no ticket needed) or changes (ticket from checkContact required) the phone/e-mail.
   * Checks without writing first (ticket alive, new target free), then consumes the BindPhone/BindEmail code, then
   * in one transaction uses the ticket up and writes the new target.
   */
  async changeContact(userId: number, kind: Contact, body: ChangeMobileBody | ChangeEmailBody): Promise<{ email: string | null; mobile: string | null }> {
    const target = kind === 'mobile' ? this.mobileTarget((body as ChangeMobileBody).mobile) : this.emailTarget((body as ChangeEmailBody).email);
    const user = await this.requireUser(userId);
    const current = user[kind];
    const ticketHash = body.ticket ? sha256(body.ticket) : undefined;
    const ticketAlive = and(
      eq(changeTickets.tokenHash, ticketHash ?? ''),
      eq(changeTickets.userId, userId),
      eq(changeTickets.kind, kind),
      isNull(changeTickets.usedAt),
      gt(changeTickets.expiresAt, new Date()),
    );
    if (current) {
      if (!ticketHash) throw invalid('changeTicketInvalid');
      const [alive] = await this.db.select({ id: changeTickets.id }).from(changeTickets).where(ticketAlive);
      if (!alive) throw invalid('changeTicketInvalid');
    }
    const inUse = kind === 'mobile' ? 'mobileInUse' : 'emailInUse';
    if (await this.userBy(kind, target)) throw conflict(inUse);
    await this.verification.verifyCode({ target, purpose: kind === 'mobile' ? CodePurpose.BindPhone : CodePurpose.BindEmail, code: body.code });
    try {
      return await this.db.transaction(async (tx) => {
        if (current) {
          const used = await tx.update(changeTickets).set({ usedAt: new Date() }).where(ticketAlive).returning({ id: changeTickets.id });
          if (!used.length) throw invalid('changeTicketInvalid');
        }
        const column = kind === 'mobile' ? users.mobile : users.email;
        const [updated] = await tx
          .update(users)
          .set({ [kind]: target, updatedAt: new Date() })
          .where(and(eq(users.id, userId), current ? eq(column, current) : isNull(column)))
          .returning({ email: users.email, mobile: users.mobile });
        if (!updated) throw invalid('changeTicketInvalid');
        return updated;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(inUse);
      throw error;
    }
  }

  // ---- logout --------------------------------------------------------------------------------------------------

  async logout(user: { userId: number; familyId?: string }, body: { refreshToken?: string; all?: boolean }): Promise<void> {
    if (body.all) return this.tokens.endAllSessions(user.userId);
    if (user.familyId) await this.tokens.revokeFamily(user.familyId);
    if (body.refreshToken) await this.tokens.revokeFamilyOf(user.userId, body.refreshToken);
  }

  // ---- dynamic (one-time) token ------------------------------------------------------------------------------------

  /** Checks signature, game and expiry of a dynamic token; "invalid or expired" for every failure. */
  private async readDynamicToken(appId: number, token: string): Promise<{ payload: DynamicPayload; gameName: string; serverName: string }> {
    const game = await this.games.requireGame(appId);
    if (!(GAME_LOGIN_METHODS[appId] ?? []).includes('otp')) throw invalid('loginMethodNotAllowed');
    const tokenInvalid = () => invalid('dynamicTokenInvalid');
    const secret = this.config.gameLaunchSecrets[appId];
    const [body, signature, extra] = token.split('.');
    if (!secret || !body || !signature || extra !== undefined || !/^[0-9a-f]{64}$/i.test(signature)) throw tokenInvalid();
    const expected = createHmac('sha256', secret).update(body).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw tokenInvalid();
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw tokenInvalid();
    }
    const payload = DynamicPayload.safeParse(parsed);
    if (!payload.success || payload.data.appId !== appId || payload.data.exp * 1000 <= Date.now()) throw tokenInvalid();
    return { payload: payload.data, gameName: game.name, serverName: game.servers.get(payload.data.serverId) ?? payload.data.serverId };
  }

  async verifyDynamicToken(appId: number, token: string): Promise<{ roles: DynamicRole[] }> {
    const { payload, gameName, serverName } = await this.readDynamicToken(appId, token);
    const [used] = await this.db
      .select({ nonce: dynamicTokenNonces.nonce })
      .from(dynamicTokenNonces)
      .where(and(eq(dynamicTokenNonces.appId, appId), eq(dynamicTokenNonces.nonce, payload.nonce)));
    if (used) throw invalid('dynamicTokenInvalid');
    const { accountId, roleId, serverId } = payload;
    return { roles: [{ appId, gameName, accountId, roleId, serverId, serverName }] };
  }

  /** Uses the token up (its nonce is stored; a second use is refused) and logs in like quick login. */
  async loginWithDynamicToken(appId: number, token: string): Promise<TokenData> {
    const { payload } = await this.readDynamicToken(appId, token);
    const fresh = await this.db
      .insert(dynamicTokenNonces)
      .values({ appId, nonce: payload.nonce, expiresAt: new Date(payload.exp * 1000) })
      .onConflictDoNothing()
      .returning({ nonce: dynamicTokenNonces.nonce });
    if (!fresh.length) throw invalid('dynamicTokenInvalid');
    const account = await this.games.findOrCreateForQuickLogin({
      appId,
      accountId: payload.accountId,
      roleId: payload.roleId,
      serverId: payload.serverId,
      userLevel: await this.currentLevel(appId, payload),
    });
    return this.tokens.issue({ userId: account.ownerUserId, gameAccountId: account.id });
  }

  /** The token carries no level: keep the one we know (quick login would otherwise overwrite it). */
  private async currentLevel(appId: number, payload: DynamicPayload): Promise<number> {
    const [role] = await rows(this.db, typedSql<{ user_level: number }>()`
      SELECT user_level FROM game_accounts WHERE app_id = ${appId} AND server_id = ${payload.serverId} AND role_id = ${payload.roleId}`);
    return Number(role?.user_level ?? 1);
  }
}
