import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { safeEqual } from '../shared/secure.ts';

/** GeeTest: "each serial number is valid for about 10 minutes"; the stand-in keeps a lot, and its pass, that long. */
export const LOT_TTL_MS = 10 * 60_000;

/** The tiles of the stand-in's challenge: the player picks the one the prompt shows. */
export const GLYPHS = ['●', '▲', '■', '★', '◆', '♥'] as const;

/** What the page gets to draw a challenge. */
export interface Challenge {
  lot_number: string;
  /** The glyph to pick. */
  prompt: string;
  /** The tiles in the order shown; the answer is an index into them. */
  tiles: string[];
}

/** What `captchaObj.getValidate()` gives the page once the challenge is passed (the shop's server validates it). */
export interface PassResult {
  captcha_id: string;
  lot_number: string;
  pass_token: string;
  gen_time: string;
  captcha_output: string;
}

interface Lot {
  captchaId: string;
  createdAt: number;
  answer: number;
  state: 'open' | 'failed' | 'passed' | 'validated';
  pass?: PassResult;
}

export type Outcome = { result: 'success'; seccode: PassResult } | { result: 'fail' } | { error: string };
export type Validation = { result: 'success' } | { result: 'fail'; reason: string };

export interface ValidateFields {
  lot_number: string;
  captcha_output: string;
  pass_token: string;
  gen_time: string;
  sign_token: string;
}

/** The lots (one challenge each) of the GeeTest stand-in: one try, one pass, one validation, 10 minutes. */
export class GeetestStore {
  private readonly lots = new Map<string, Lot>();

  constructor(
    private readonly captchaKeys: Readonly<Record<string, string>>,
    private readonly now: () => number = Date.now,
  ) {}

  knows(captchaId: string): boolean {
    return Object.hasOwn(this.captchaKeys, captchaId);
  }

  /** A new challenge for a known captcha_id. */
  load(captchaId: string): Challenge {
    this.forgetExpired();
    const tiles: string[] = [...GLYPHS];
    for (let i = tiles.length - 1; i > 0; i--) {
      const j = randomInt(0, i + 1);
      [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
    }
    const answer = randomInt(0, tiles.length);
    const lotNumber = randomBytes(16).toString('hex');
    this.lots.set(lotNumber, { captchaId, createdAt: this.now(), answer, state: 'open' });
    return { lot_number: lotNumber, prompt: tiles[answer]!, tiles };
  }

  /** The player's pick: right once gives the pass; anything else uses the lot up (the page loads a new one). */
  verify(captchaId: string, lotNumber: string, answer: number): Outcome {
    const lot = this.live(lotNumber);
    if (!lot || lot.captchaId !== captchaId) return { error: 'lot_number unknown or expired' };
    if (lot.state !== 'open') return { error: 'lot_number already used' };
    if (answer !== lot.answer) {
      lot.state = 'failed';
      return { result: 'fail' };
    }
    lot.state = 'passed';
    lot.pass = {
      captcha_id: captchaId,
      lot_number: lotNumber,
      pass_token: randomBytes(32).toString('hex'),
      gen_time: String(Math.floor(this.now() / 1000)),
      captcha_output: randomBytes(48).toString('base64url'),
    };
    return { result: 'success', seccode: lot.pass };
  }

  /** The secondary validation: signed with the captcha key, every field of the pass, once, within the lot's life. */
  validate(captchaId: string, fields: ValidateFields): Validation {
    const key = this.captchaKeys[captchaId]!;
    const expected = createHmac('sha256', key).update(fields.lot_number, 'utf8').digest('hex');
    if (!safeEqual(fields.sign_token, expected)) return { result: 'fail', reason: 'sign_token error' };
    const lot = this.lots.get(fields.lot_number);
    if (!lot?.pass || lot.captchaId !== captchaId) return { result: 'fail', reason: 'lot_number not passed' };
    const pass = lot.pass;
    const same = (['pass_token', 'captcha_output', 'gen_time'] as const).every((name) => safeEqual(fields[name], pass[name]));
    if (!same) return { result: 'fail', reason: 'pass_token error' };
    if (lot.state === 'validated') return { result: 'fail', reason: 'pass_token used' };
    if (this.expired(lot)) return { result: 'fail', reason: 'pass_token expire' };
    lot.state = 'validated';
    return { result: 'success' };
  }

  private live(lotNumber: string): Lot | undefined {
    const lot = this.lots.get(lotNumber);
    return lot && !this.expired(lot) ? lot : undefined;
  }

  private expired(lot: Lot): boolean {
    return this.now() - lot.createdAt > LOT_TTL_MS;
  }

  private forgetExpired(): void {
    for (const [lotNumber, lot] of this.lots) if (this.expired(lot)) this.lots.delete(lotNumber);
  }
}
