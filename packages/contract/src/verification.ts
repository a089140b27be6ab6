import { z } from 'zod';
import { defineRoute } from './route.ts';
import { plainString } from './fields.ts';

/** What a verification code is for (spec section 3). A code only works for the purpose and target it was sent for. */
export const CodePurpose = {
  RegisterAccount: 1,
  ForgetPassword: 2,
  BindPhone: 3,
  ChangePhone: 4,
  BindEmail: 5,
  ChangeEmail: 6,
} as const;
export type CodePurpose = (typeof CodePurpose)[keyof typeof CodePurpose];

/** Account type codes (spec section 3). */
export const AccountType = { mobile: 1, email: 2 } as const;
export type AccountType = (typeof AccountType)[keyof typeof AccountType];

/** Seconds the client counts down before it offers "resend" (the server refuses earlier resends to the same target). */
export const CODE_RESEND_SECONDS = 60;
/** Verification codes are 6 digits. */
export const CODE_LENGTH = 6;
/** The most points a slide track may carry. */
export const CAPTCHA_TRACK_MAX = 400;

/** The in-house slide puzzle (a development stand-in only: ADR 0018, docs/adr/0018-captcha-providers.md). */
export const InHouseCaptchaChallenge = z.object({
  provider: z.literal('in-house'),
  captchaId: z.string(),
  /** data: URL (PNG) of the background with the cut-out; the piece's x position is known only to the server. */
  backgroundImage: z.string(),
  /** data: URL (PNG, transparent around the shape) of the piece, as wide and tall as `pieceSize`. */
  pieceImage: z.string(),
  /** Top of the piece in background pixels; the player slides it horizontally. */
  pieceY: z.number().int(),
  pieceSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** Seconds the puzzle can be solved in. */
  expiresIn: z.number().int(),
});
export type InHouseCaptchaChallenge = z.infer<typeof InHouseCaptchaChallenge>;

/** GeeTest v4: the page loads `scriptUrl` and calls `initGeetest4({captchaId, product: 'bind'})`; GeeTest draws the challenge. */
export const GeetestCaptchaChallenge = z.object({
  provider: z.literal('geetest'),
  /** GeeTest's public captcha_id of this shop. */
  captchaId: z.string(),
  /** GeeTest's gt4.js (its sandbox stand-in outside production). */
  scriptUrl: z.string(),
});
export type GeetestCaptchaChallenge = z.infer<typeof GeetestCaptchaChallenge>;

/** What the page needs to show the configured captcha. */
export const CaptchaChallenge = z.discriminatedUnion('provider', [InHouseCaptchaChallenge, GeetestCaptchaChallenge]);
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;

export const getCaptcha = defineRoute({
  method: 'GET',
  path: '/common/captcha',
  auth: 'none',
  summary:
    'The captcha to show: a new in-house slide puzzle (one try; outside production only) or the GeeTest v4 captcha_id and ' +
    'script. Solving it gives a one-time bot-check token for sending a verification code',
  data: CaptchaChallenge,
});

/** The in-house puzzle's solution (`provider` may be left out). */
export const InHouseCaptchaSolution = z.object({
  provider: z.literal('in-house').optional(),
  captchaId: plainString().min(1).max(64),
  /** Left edge of the piece, in background pixels, where the player let go. */
  x: z.number().finite().min(0).max(10_000),
  /**
   * The slide as the client recorded it, one point per pointer sample, the last one where the piece was let go: x the
   * piece's left edge (background px), y (optional) the pointer's vertical drift from where the drag began (background
   * px), t milliseconds since the drag began. The server refuses a track that does not look like a person's drag: fewer
   * than 5 points, out of time order, under 150 ms, ending away from `x`, or a straight glide in even steps at constant
   * speed (ADR 0011, docs/adr/0011-verification-codes.md).
   */
  track: z
    .array(
      z.object({
        x: z.number().finite().min(-10_000).max(10_000),
        y: z.number().finite().min(-10_000).max(10_000).optional(),
        t: z.number().finite().min(0).max(600_000),
      }),
    )
    .max(CAPTCHA_TRACK_MAX)
    .optional(),
});

/** GeeTest's token text: printable ASCII, no spaces. */
const geetestText = (max: number) => z.string().min(1).max(max).regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

/** GeeTest v4's result, as `captchaObj.getValidate()` gives it in the page; the server validates it with GeeTest. */
export const GeetestCaptchaSolution = z.object({
  provider: z.literal('geetest'),
  lot_number: geetestText(128),
  captcha_output: geetestText(4096),
  pass_token: geetestText(512),
  /** Unix seconds, as text. */
  gen_time: z.string().regex(/^\d{1,13}$/, 'unix seconds'),
});

/** The solution of the configured captcha, told apart by `provider` (absent: the in-house puzzle). */
export const CaptchaVerifyBody = z.discriminatedUnion('provider', [InHouseCaptchaSolution, GeetestCaptchaSolution]);
export type CaptchaVerifyBody = z.input<typeof CaptchaVerifyBody>;
/** The verify body as the server receives it (validated). */
export type CaptchaSolution = z.output<typeof CaptchaVerifyBody>;
export type GeetestCaptchaSolution = z.output<typeof GeetestCaptchaSolution>;

export const verifyCaptcha = defineRoute({
  method: 'POST',
  path: '/common/captcha/verify',
  auth: 'none',
  summary:
    'Checks the captcha\'s solution ("Verification successful"): the slide position of the in-house puzzle (any miss kills ' +
    'the puzzle) or GeeTest\'s lot_number, captcha_output, pass_token and gen_time, validated with GeeTest (one use each). ' +
    'A failure answers 400 "Verification failed, please try again."; 503 while GeeTest cannot be reached.',
  body: CaptchaVerifyBody,
  data: z.object({
    /** One-time token for POST /user/getSmsCode, valid for `expiresIn` seconds. */
    botCheckToken: z.string(),
    expiresIn: z.number().int(),
  }),
});

export const MobileNumber = z.object({
  /** Country calling code, with or without "+", e.g. "1" or "+44". */
  dialCode: plainString().min(1).max(8),
  /** National number; spaces, dashes and brackets are ignored. */
  number: plainString().min(1).max(32),
});
export type MobileNumber = z.input<typeof MobileNumber>;

export const GetCodeBody = z.object({
  accountType: z.union([z.literal(AccountType.mobile), z.literal(AccountType.email)]),
  purpose: z.number().int().min(1).max(6),
  mobile: MobileNumber.optional(),
  /** Trimmed and lower-cased; at most 254 characters. */
  email: plainString().toLowerCase().max(254).optional(),
  botCheckToken: plainString().min(1).max(128),
});
export type GetCodeBody = z.input<typeof GetCodeBody>;

/** Where and what for a code would go: getSmsCode's body without the bot-check token. */
export const CodeTargetBody = GetCodeBody.omit({ botCheckToken: true });
export type CodeTargetBody = z.input<typeof CodeTargetBody>;

export const checkCodeTarget = defineRoute({
  method: 'POST',
  path: '/user/getSmsCode/check',
  auth: 'none',
  summary:
    'Asked by "Get code" before the puzzle: whether a code for this purpose can go to this phone or e-mail, with the ' +
    'refusals getSmsCode would give for the target ("Invalid number" for a malformed number or an excluded calling code, ' +
    '"This phone number is not registered. Please register first." for a reset or change code, 409 for a register or bind ' +
    'code to a taken phone/e-mail); an e-mail without an account answers like one with an account, as getSmsCode does. ' +
    'Nothing is sent or counted but this route\'s own per-IP limit (the puzzles\' limit)',
  body: CodeTargetBody,
  data: z.null(),
});

export const getCode = defineRoute({
  method: 'POST',
  path: '/user/getSmsCode',
  auth: 'none',
  summary:
    'Sends a 6-digit code for a purpose to a phone (accountType 1) or e-mail (2); needs a bot-check token from the slide puzzle. ' +
    'A register or bind code (purpose 1, 3, 5) for a phone/e-mail that has an account answers 409; a reset or change code ' +
    '(2, 4, 6) for a phone without an account answers 400 "This phone number is not registered. Please register first.", ' +
    'for an e-mail without an account it answers like a sent code but sends nothing. Limits answer 429 with the spec\'s messages.',
  body: GetCodeBody,
  data: z.object({
    /** Seconds before another code may be requested for this target. */
    resendAfter: z.number().int(),
    /** Seconds the code stays valid. */
    expiresIn: z.number().int(),
  }),
});
