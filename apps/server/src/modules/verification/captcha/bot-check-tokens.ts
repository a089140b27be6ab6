import { createHash, randomBytes } from 'node:crypto';
import type { VerificationConfig } from '../../../config.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { invalid } from '../../../shared/domain-errors.ts';
import type { BotCheckGrant } from './captcha-provider.ts';
import { rows, typedSql } from '../../../db/statement.ts';

/**
 * One-time bot-check tokens, kept (as a hash) on the row of the challenge that was solved (`captcha_challenges`):
 * the in-house puzzle's own row, or a row written for a pass an outside provider vouched for.
 */
export class BotCheckTokens {
  constructor(
    private readonly db: Db,
    /** Read on every call (tests change the live object). */
    private readonly config: Pick<VerificationConfig, 'botTokenTtlSeconds'>,
  ) {}

  /** A new token, the hash that is stored for it (never the token) and its lifetime in seconds. */
  mint(): { token: string; hash: string; expiresIn: number } {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: hashToken(token), expiresIn: this.config.botTokenTtlSeconds };
  }

  /**
   * A token for a pass an outside provider has validated, `passId` naming the pass (e.g. "geetest:" + lot_number).
   * The row's primary key makes it one token per pass, so a replayed pass is refused here even if the provider would
   * vouch for it again. The row has no puzzle: `piece_x` is 0 and it counts as attempted.
   */
  async grantForPass(passId: string): Promise<BotCheckGrant> {
    const minted = this.mint();
    const inserted = await rows(this.db, typedSql<{ id: string }>()`
      INSERT INTO captcha_challenges (id, piece_x, expires_at, attempted_at, token_hash, token_expires_at, created_at)
      VALUES (${passId}, 0, now(), now(), ${minted.hash}, now() + make_interval(secs => ${minted.expiresIn}), clock_timestamp())
      ON CONFLICT (id) DO NOTHING
      RETURNING id`);
    if (!inserted.length) throw invalid('captchaFailed');
    return { botCheckToken: minted.token, expiresIn: minted.expiresIn };
  }

  /** Uses up a token (in the caller's transaction); a used, expired or forged one is refused. */
  async consume(token: string, executor: Executor = this.db): Promise<void> {
    const result = await rows(executor, typedSql<{ id: string }>()`
      UPDATE captcha_challenges SET token_used_at = now()
       WHERE token_hash = ${hashToken(token)} AND token_used_at IS NULL AND token_expires_at > now()
   RETURNING id`);
    if (!result.length) throw invalid('captchaFailed');
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(`bot-check:${token}`).digest('hex');
}
