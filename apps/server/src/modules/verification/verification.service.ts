import { createHmac, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { FastifyBaseLogger } from 'fastify';
import { AccountType, CODE_LENGTH, type CaptchaChallenge, type CaptchaSolution, type CodeTargetBody, type GetCodeBody } from '@shop/contract/verification';
import type { Language } from '@shop/contract/languages';
import type { VerificationConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { DomainError, invalid, tooMany, upstreamFailed } from '../../shared/domain-errors.ts';
import { translate } from '../../i18n/messages.ts';
import type { UsersService } from '../auth/users.service.ts';
import type { MessageSender } from '../notifications/message-sender.ts';
import { BotCheckTokens } from './captcha/bot-check-tokens.ts';
import type { BotCheckGrant, CaptchaProvider } from './captcha/captcha-provider.ts';
import { decideSend } from './code-purposes.ts';
import { rows, typedSql } from '../../db/statement.ts';

/** Advisory-lock classes (first key of pg_advisory_xact_lock(int, int)); taken in this order, so they cannot deadlock. */
const LOCK_TARGET = 727_101;
const LOCK_IP = 727_102;

const EMAIL_PATTERN = /^[^\s@"<>()[\]\\,;:]+(\.[^\s@"<>()[\]\\,;:]+)*@([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export interface CodeTarget {
  channel: 'sms' | 'email';
  /** E.164 number or lower-cased e-mail address: the form codes are bound to. */
  target: string;
}

export interface VerifyCodeInput {
  /** E.164 number or e-mail address (normalised here too: trimmed, e-mail lower-cased). */
  target: string;
  purpose: number;
  code: string;
}

/** Normalises and checks an e-mail address; throws "Invalid Email". */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!email) throw invalid('validationFailed', { fields: 'email' });
  if (email.length > 254 || !EMAIL_PATTERN.test(email) || email.split('@')[0]!.length > 64) throw invalid('invalidEmail');
  return email;
}

/**
 * Builds the E.164 form of a dial code and national number and checks it with libphonenumber-js; numbers of the
 * ignored dial codes (spec section 9) are refused like invalid ones ("Invalid number").
 */
export function phoneE164(dialCode: string, number: string, ignoredDialCodes: readonly string[] = []): string {
  const dial = dialCode.trim().replace(/^\+/, '');
  const national = number.trim().replace(/[\s\-().]/g, '');
  if (!dial || !national) throw invalid('validationFailed', { fields: 'mobile' });
  if (!/^\d{1,6}$/.test(dial) || !/^\d{4,17}$/.test(national)) throw invalid('invalidNumber');
  if (ignoredDialCodes.includes(dial)) throw invalid('invalidNumber');
  const parsed = parsePhoneNumberFromString(`+${dial}${national}`);
  if (!parsed || !parsed.isValid() || ignoredDialCodes.includes(parsed.countryCallingCode)) throw invalid('invalidNumber');
  return parsed.number;
}

/** The captcha (whichever provider is configured), bot-check tokens and verification codes (issue 3's foundation). */
export class VerificationService {
  private readonly botTokens: BotCheckTokens;

  constructor(
    private readonly db: Db,
    /** Read on every call (tests tighten limits on the live object). */
    readonly config: VerificationConfig,
    private readonly secret: string,
    private readonly sender: MessageSender,
    private readonly users: Pick<UsersService, 'hasContact'>,
    private readonly log: FastifyBaseLogger,
    /** The configured captcha (captcha/create-captcha-provider.ts). */
    readonly captcha: CaptchaProvider,
  ) {
    this.botTokens = new BotCheckTokens(db, config);
  }

  // ---- captcha -------------------------------------------------------------------------------------------------

  /** What the page needs to show the configured captcha. */
  createCaptcha(ip: string): Promise<CaptchaChallenge> {
    return this.captcha.challenge(ip);
  }

  /** Checks a captcha's solution; a good one gives a one-time bot-check token. */
  verifyCaptcha(solution: CaptchaSolution): Promise<BotCheckGrant> {
    return this.captcha.verify(solution);
  }

  /** Uses up a bot-check token (in the caller's transaction); a used, expired or forged one is refused. */
  consumeBotToken(token: string, executor: Executor = this.db): Promise<void> {
    return this.botTokens.consume(token, executor);
  }

  // ---- codes ---------------------------------------------------------------------------------------------------

  /** Checks where a code should go: "Missing required information", "Invalid number" or "Invalid Email" otherwise. */
  resolveTarget(body: Pick<GetCodeBody, 'accountType' | 'mobile' | 'email'>): CodeTarget {
    if (body.accountType === AccountType.mobile) {
      if (!body.mobile) throw invalid('validationFailed', { fields: 'mobile' });
      return { channel: 'sms', target: phoneE164(body.mobile.dialCode, body.mobile.number, this.config.ignoredDialCodes) };
    }
    if (body.email === undefined) throw invalid('validationFailed', { fields: 'email' });
    return { channel: 'email', target: normalizeEmail(body.email) };
  }

  /**
   * Whether a code for this purpose can go to this target, before the player solves a puzzle (issue 14.6): the input
   * and target rules of sendCode, nothing counted or written. A taken or unregistered phone is no secret kept by the
   * puzzle: /user/register answers it without one; an e-mail without an account still looks like one with an account.
   */
  async checkTarget(body: CodeTargetBody): Promise<null> {
    const { channel, target } = this.resolveTarget(body);
    const decision = decideSend(channel, body.purpose, await this.users.hasContact(channel, target));
    if (decision instanceof DomainError) throw decision;
    return null;
  }

  /**
   * Sends a code. Order of checks: the input, then the bot-check token (consumed), then whether a code for this purpose
   * can be of any use to the target (code-purposes.ts), then every limit; all in one transaction, so a request refused
   * by a limit writes nothing. A refusal for the target still spends the token, so each "has this phone an account?"
   * costs a solved puzzle. The message goes out after the commit; if the sender fails the code is killed.
   */
  async sendCode(body: GetCodeBody, context: { ip: string; language: Language }): Promise<{ resendAfter: number; expiresIn: number }> {
    const { channel, target } = this.resolveTarget(body);
    const purpose = body.purpose;
    const cfg = this.config;
    const decision = decideSend(channel, purpose, await this.users.hasContact(channel, target));
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');

    const codeId = await this.db.transaction(async (tx) => {
      await this.consumeBotToken(body.botCheckToken, tx);
      if (decision instanceof DomainError) return undefined;
      await this.countSend(tx, channel, target, context.ip);
      if (decision === 'pretend') return undefined;
      // A new code replaces any earlier live one for the same target and purpose.
      await tx.execute(sql`
        UPDATE verification_codes SET used_at = now()
         WHERE target = ${target} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > now()`);
      const [inserted] = await rows(tx, typedSql<{ id: number | string }>()`
        INSERT INTO verification_codes (target, purpose, code_hash, expires_at)
        VALUES (${target}, ${purpose}, ${this.hashCode(target, purpose, code)}, now() + make_interval(secs => ${cfg.codeTtlSeconds}))
        RETURNING id`);
      return Number(inserted!.id);
    });
    if (decision instanceof DomainError) throw decision;
    if (codeId !== undefined) await this.deliverCode(codeId, { channel, target }, code, context.language);
    return { resendAfter: cfg.resendSeconds, expiresIn: cfg.codeTtlSeconds };
  }

  /** Hands the code's message to the sender; if that fails the code dies (502 "Verification code failed to send"). */
  private async deliverCode(codeId: number, { channel, target }: CodeTarget, code: string, language: Language): Promise<void> {
    const minutes = Math.round(this.config.codeTtlSeconds / 60);
    const text = translate(language, 'codeMessageText', { code, count: minutes });
    try {
      if (channel === 'sms') await this.sender.sendSms(target, text);
      else await this.sender.sendEmail(target, translate(language, 'codeMessageSubject'), text);
    } catch (error) {
      // Nothing usable is left behind: the code dies (its send still counts against the limits).
      await this.db.execute(sql`UPDATE verification_codes SET used_at = now() WHERE id = ${codeId}`);
      this.log.warn({ err: error, channel }, 'verification code could not be sent');
      throw upstreamFailed('codeSendFailed');
    }
  }

  /**
   * Checks the limits of a send and counts it (429 with the spec's messages when one is reached).
   * Lock step: the target's then the IP's advisory lock (always in this order, so no deadlock) serialise the sends of
   * one target and of one IP, and the counts are taken in SQL: concurrent requests cannot pass a limit, on any instance.
   */
  private async countSend(tx: Executor, channel: 'sms' | 'email', target: string, ip: string): Promise<void> {
    const cfg = this.config;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_TARGET}, hashtext(${target}))`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_IP}, hashtext(${ip}))`);
    const [perTarget] = await rows(tx, typedSql<{ day: number | string; wait: number | string | null }>()`
        SELECT count(*) AS day,
               ceil(extract(epoch FROM max(created_at) + make_interval(secs => ${cfg.resendSeconds}) - clock_timestamp())) AS wait
          FROM verification_sends
         WHERE target = ${target} AND created_at > clock_timestamp() - interval '1 day'`);
    // The day's limit first: when both are reached, "come back tomorrow" is the true answer; the resend wait says
    // how long it really is (the spec's daily-limit text would send the player away for a day over a minute).
    if (Number(perTarget!.day) >= cfg.targetDailyLimit) throw tooMany('codeTargetTooOften');
    const wait = Number(perTarget!.wait ?? 0);
    if (wait > 0) throw tooMany('codeResendTooSoon', { seconds: wait });
    const [perIp] = await rows(tx, typedSql<{ hour: number | string; day: number | string }>()`
        SELECT count(*) FILTER (WHERE created_at > clock_timestamp() - interval '1 hour') AS hour,
               count(*) AS day
          FROM verification_sends
         WHERE ip = ${ip} AND created_at > clock_timestamp() - interval '1 day'`);
    // The day's limit first: when both are reached, "come back tomorrow" is the true answer.
    if (Number(perIp!.day) >= cfg.ipDailyLimit) throw tooMany('codeTargetTooOften');
    if (Number(perIp!.hour) >= cfg.ipHourlyLimit) throw tooMany('codeIpBlocked');
    if (channel === 'sms') {
      // One counter row per UTC day, raised only while under the budget (the row lock serialises the raise).
      const raised = await rows(tx, typedSql<{ sent: number }>()`
        INSERT INTO sms_daily_budget AS b (day, sent)
        SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 1 WHERE ${cfg.smsDailyLimit} > 0
        ON CONFLICT (day) DO UPDATE SET sent = b.sent + 1 WHERE b.sent < ${cfg.smsDailyLimit}
        RETURNING sent`);
      if (!raised.length) throw tooMany('smsExhausted');
    }
    await tx.execute(sql`
      INSERT INTO verification_sends (target, ip, channel, created_at) VALUES (${target}, ${ip}, ${channel}, clock_timestamp())`);
  }

  /**
   * Consumes a code: one conditional UPDATE counts the try and marks the code used when it matches, so parallel
   * verifications of one code let exactly one through, and a code dies after `codeMaxAttempts` tries.
   * Pass the caller's transaction to make the consumption part of its writes; note that a wrong try is then
   * counted only if that transaction commits, so callers that roll back on this error should verify without one first.
   * Throws "SMS Code Invalid" (phone targets) or "Verification code invalid or incorrect" (e-mail).
   */
  async verifyCode(input: VerifyCodeInput, executor: Executor = this.db): Promise<void> {
    const target = input.target.includes('@') ? input.target.trim().toLowerCase() : input.target.trim();
    const codeInvalid = () => invalid(target.startsWith('+') ? 'smsCodeInvalid' : 'codeInvalid');
    const code = input.code.trim();
    if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code) || !Number.isInteger(input.purpose)) throw codeInvalid();
    const hash = this.hashCode(target, input.purpose, code);
    const result = await rows(executor, typedSql<{ ok: boolean }>()`
      UPDATE verification_codes
         SET attempts = attempts + 1,
             used_at = CASE WHEN code_hash = ${hash} THEN now() END
       WHERE target = ${target} AND purpose = ${input.purpose}
         AND used_at IS NULL AND attempts < ${this.config.codeMaxAttempts} AND expires_at > now()
   RETURNING used_at IS NOT NULL AS ok`);
    if (!result.some((row) => row.ok)) throw codeInvalid();
  }

  private hashCode(target: string, purpose: number, code: string): string {
    return createHmac('sha256', this.secret).update(`verification-code\n${target}\n${purpose}\n${code}`).digest('hex');
  }
}
