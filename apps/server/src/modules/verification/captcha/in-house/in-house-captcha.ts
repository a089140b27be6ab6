import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CaptchaSolution, InHouseCaptchaChallenge } from '@shop/contract/verification';
import type { VerificationConfig } from '../../../../config.ts';
import type { Db } from '../../../../db/client.ts';
import { invalid, tooMany } from '../../../../shared/domain-errors.ts';
import type { BotCheckTokens } from '../bot-check-tokens.ts';
import type { BotCheckGrant, CaptchaProvider } from '../captcha-provider.ts';
import { drawPuzzle, PIECE_SIZE, PUZZLE_HEIGHT, PUZZLE_WIDTH } from './puzzle-image.ts';
import { isHumanTrack } from './slide-track.ts';
import { rows, typedSql } from '../../../../db/statement.ts';

/** Advisory-lock class (first key of pg_advisory_xact_lock(int, int)) of the per-IP puzzle count. */
const LOCK_CAPTCHA_IP = 727_103;

/**
 * The shop's own slide puzzle, drawn and checked here. An image diff solves it (ADR 0018,
 * docs/adr/0018-captcha-providers.md): it is the embedded default outside production only, and production refuses to start with it.
 */
export class InHouseCaptcha implements CaptchaProvider {
  readonly pageOrigins = [];

  constructor(
    private readonly db: Db,
    /** Read on every call (tests tighten limits on the live object). */
    private readonly config: VerificationConfig,
    private readonly tokens: BotCheckTokens,
  ) {}

  /**
   * A new puzzle, at most `captchaIpHourlyLimit` per client IP and rolling hour (a bot would otherwise draw puzzles
   * until one is easy to solve). Lock step: the IP's advisory lock makes count-then-insert atomic across instances.
   */
  async challenge(ip: string): Promise<InHouseCaptchaChallenge> {
    const puzzle = drawPuzzle();
    const id = randomUUID();
    const ttl = this.config.captchaTtlSeconds;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_CAPTCHA_IP}, hashtext(${ip}))`);
      const [recent] = await rows(tx, typedSql<{ hour: number | string }>()`
          SELECT count(*) AS hour FROM captcha_challenges WHERE ip = ${ip} AND created_at > clock_timestamp() - interval '1 hour'`);
      if (Number(recent!.hour) >= this.config.captchaIpHourlyLimit) throw tooMany('tooManyRequests');
      await tx.execute(sql`
        INSERT INTO captcha_challenges (id, ip, piece_x, expires_at, created_at)
        VALUES (${id}, ${ip}, ${puzzle.x}, now() + make_interval(secs => ${ttl}), clock_timestamp())`);
    });
    return {
      provider: 'in-house',
      captchaId: id,
      backgroundImage: puzzle.background,
      pieceImage: puzzle.piece,
      pieceY: puzzle.y,
      pieceSize: PIECE_SIZE,
      width: PUZZLE_WIDTH,
      height: PUZZLE_HEIGHT,
      expiresIn: ttl,
    };
  }

  /**
   * One try per puzzle: the try is recorded whatever the outcome; a hit with a slide track that looks like a person's
   * drag (when `captchaTrackCheck` is on) gives a one-time bot-check token.
   */
  async verify(solution: CaptchaSolution): Promise<BotCheckGrant> {
    if (solution.provider === 'geetest') throw invalid('captchaFailed');
    const { captchaTolerancePx: tolerance, captchaTrackCheck } = this.config;
    const minted = this.tokens.mint();
    // A script-like track uses the try up like a miss, so the puzzle cannot be tried again with a better track.
    const human = !captchaTrackCheck || isHumanTrack(solution.track, solution.x, tolerance);
    const [result] = await rows(this.db, typedSql<{ ok: boolean }>()`
      UPDATE captcha_challenges
         SET attempted_at = now(),
             token_hash = CASE WHEN ${human}::boolean AND abs(piece_x - ${solution.x}::float8) <= ${tolerance} THEN ${minted.hash} END,
             token_expires_at = now() + make_interval(secs => ${minted.expiresIn})
       WHERE id = ${solution.captchaId} AND attempted_at IS NULL AND expires_at > now()
   RETURNING token_hash IS NOT NULL AS ok`);
    if (!result?.ok) throw invalid('captchaFailed');
    return { botCheckToken: minted.token, expiresIn: minted.expiresIn };
  }
}
