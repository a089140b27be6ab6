import { z } from 'zod';
import { defineRoute } from './route.ts';
import { TokenData } from './auth.schema.ts';
import { int4Id, plainString, regionCode } from './fields.ts';
import { AccountType, MobileNumber } from './verification.ts';

/** Passwords are not trimmed; 8 to 64 characters (SECURITY.md). Longer inputs are refused before hashing. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
/** What the schema lets through, so that an over-long password gets "Password Invalid" rather than a generic error. */
const PASSWORD_INPUT_MAX = 16_384;

/** Login types (spec login tab map: 0 otp, 1 email, 2 mobile). */
export const LoginType = { otp: 0, email: 1, mobile: 2 } as const;
export type LoginType = (typeof LoginType)[keyof typeof LoginType];
export type LoginMethod = keyof typeof LoginType;

/** Login methods each game allows (spec section 1). The otp method is also behind the FEATURE_OTP_LOGIN flag. */
export const GAME_LOGIN_METHODS: Record<number, readonly LoginMethod[]> = {
  10030: ['otp', 'email'],
  10002: ['email', 'mobile'],
};

const password = z.string().max(PASSWORD_INPUT_MAX);
const code = plainString().min(1).max(16);
const email = plainString().toLowerCase().max(254);
const accountType = z.union([z.literal(AccountType.mobile), z.literal(AccountType.email)]);

export const RegisterBody = z.object({
  accountType,
  /** Required when accountType is 2 (email). */
  email: email.optional(),
  /** Required when accountType is 1 (mobile). */
  mobile: MobileNumber.optional(),
  /** The RegisterAccount (1) code sent to the e-mail or phone. */
  code,
  password,
  confirmPassword: password,
  /** ISO 3166-1 alpha-2 country/region of the account. */
  countryCode: regionCode,
  /** Must be true: "Please accept the user agreement first". */
  agreeTerms: z.boolean(),
});
export type RegisterBody = z.input<typeof RegisterBody>;

export const register = defineRoute({
  method: 'POST',
  path: '/user/register',
  auth: 'none',
  summary:
    'Register with an e-mail (accountType 2) or phone (1) and the RegisterAccount code sent to it; returns tokens like quick login. ' +
    'An e-mail or phone that already has an account answers 409.',
  body: RegisterBody,
  data: TokenData,
});

export const LoginBody = z.object({
  /** 1 email, 2 mobile (the otp login is /user/dynamic/{appId}/login). */
  loginType: z.union([z.literal(LoginType.email), z.literal(LoginType.mobile)]),
  email: email.optional(),
  mobile: MobileNumber.optional(),
  password,
  /** The game the shop was opened for: its allowed login methods apply. */
  appId: int4Id.optional(),
  /**
   * A bot-check token (captcha): needed only once the account has had many failed logins from anywhere, when the
   * answer is code 1008 (ApiCode.CAPTCHA_REQUIRED); the correct password with a valid token always logs in.
   */
  botCheckToken: plainString().min(1).max(128).optional(),
});
export type LoginBody = z.input<typeof LoginBody>;

export const login = defineRoute({
  method: 'POST',
  path: '/user/login',
  auth: 'none',
  summary:
    'Log in with e-mail or phone and password. Wrong password and unknown account get the same answer ("Invalid Account"); ' +
    'failures are limited per account and client IP and per IP (429); after many failures of an account from anywhere ' +
    'a login needs a botCheckToken (code 1008 until one is sent). A password outside 8..64 characters, which no account can have, ' +
    'answers "Password Invalid" at once.',
  body: LoginBody,
  data: TokenData,
});

export const ResetPasswordBody = z.object({
  accountType,
  email: email.optional(),
  mobile: MobileNumber.optional(),
  /** The ForgetPassword (2) code. */
  code,
  password,
  confirmPassword: password,
});
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;

export const resetPassword = defineRoute({
  method: 'POST',
  path: '/user/reset/password',
  auth: 'none',
  summary: 'Set a new password with a ForgetPassword code; ends every session of the account',
  body: ResetPasswordBody,
  data: z.null(),
});

export const ChangePasswordBody = z.object({
  oldPassword: password,
  password,
  confirmPassword: password,
});
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

export const changePassword = defineRoute({
  method: 'POST',
  path: '/user/change/password',
  auth: 'user',
  summary: 'Change the password; ends every other session and returns fresh tokens for this one',
  body: ChangePasswordBody,
  data: TokenData,
});

export const CheckBody = z.object({
  /** ChangePhone (4) / ChangeEmail (6) code sent to the CURRENT phone / e-mail of the account. */
  code,
});

export const ChangeTicket = z.object({
  /** One-time ticket for /user/change/mobile or /user/change/email. */
  changeTicket: z.string(),
  /** Seconds the ticket stays valid. */
  expiresIn: z.number().int(),
});
export type ChangeTicket = z.infer<typeof ChangeTicket>;

export const checkMobile = defineRoute({
  method: 'POST',
  path: '/user/check/mobile',
  auth: 'user',
  summary: 'Verify the current phone with a ChangePhone (4) code; returns a short-lived one-time change ticket',
  body: CheckBody,
  data: ChangeTicket,
});

export const checkEmail = defineRoute({
  method: 'POST',
  path: '/user/check/email',
  auth: 'user',
  summary: 'Verify the current e-mail with a ChangeEmail (6) code; returns a short-lived one-time change ticket',
  body: CheckBody,
  data: ChangeTicket,
});

const ticket = plainString().min(1).max(128);

export const ChangeMobileBody = z.object({
  /** From /user/check/mobile; required when the account already has a phone (omit to bind a first phone). */
  ticket: ticket.optional(),
  mobile: MobileNumber,
  /** BindPhone (3) code sent to the new phone. */
  code,
});
export type ChangeMobileBody = z.input<typeof ChangeMobileBody>;

export const ChangeEmailBody = z.object({
  /** From /user/check/email; required when the account already has an e-mail (omit to bind a first e-mail). */
  ticket: ticket.optional(),
  email: email,
  /** BindEmail (5) code sent to the new e-mail. */
  code,
});
export type ChangeEmailBody = z.input<typeof ChangeEmailBody>;

const ContactData = z.object({ email: z.string().nullable(), mobile: z.string().nullable() });

export const changeMobile = defineRoute({
  method: 'POST',
  path: '/user/change/mobile',
  auth: 'user',
  summary: 'Change (with a ticket) or bind (account without a phone) the phone; a phone of another account answers 409',
  body: ChangeMobileBody,
  data: ContactData,
});

export const changeEmail = defineRoute({
  method: 'POST',
  path: '/user/change/email',
  auth: 'user',
  summary: 'Change (with a ticket) or bind (account without an e-mail) the e-mail; an e-mail of another account answers 409',
  body: ChangeEmailBody,
  data: ContactData,
});

export const LogoutBody = z.object({
  /** Also revoke the family of this refresh token (e.g. an access token without a session family). */
  refreshToken: plainString().min(16).max(200).optional(),
  /** End every session of the account, on every device. */
  all: z.boolean().optional(),
});

export const logout = defineRoute({
  method: 'POST',
  path: '/user/logout',
  auth: 'user',
  summary: "Log out: revokes this session's refresh-token family (or, with all: true, every session)",
  body: LogoutBody,
  data: z.null(),
});

/**
 * The one-time dynamic token a game shows in its settings:
 * `base64url(JSON {appId, accountId, roleId, serverId, exp (unix seconds), nonce})` + "." +
 * hex HMAC-SHA256 over the first part with the game's launch secret.
 */
export const DynamicTokenBody = z.object({ token: plainString().min(1).max(2048) });
export type DynamicTokenBody = z.input<typeof DynamicTokenBody>;
export const DynamicParams = z.object({ appId: int4Id });

export const DynamicRole = z.object({
  appId: z.number().int(),
  gameName: z.string(),
  accountId: z.string(),
  roleId: z.string(),
  serverId: z.string(),
  serverName: z.string(),
});
export type DynamicRole = z.infer<typeof DynamicRole>;

export const dynamicVerify = defineRoute({
  method: 'POST',
  path: '/user/dynamic/:appId/verify',
  auth: 'none',
  summary: 'Check a dynamic token from the game settings and show the role it names (does not use it up). Answers 404 while FEATURE_OTP_LOGIN is off (the default).',
  params: DynamicParams,
  body: DynamicTokenBody,
  data: z.object({ roles: z.array(DynamicRole) }),
});

export const dynamicLogin = defineRoute({
  method: 'POST',
  path: '/user/dynamic/:appId/login',
  auth: 'none',
  summary: 'Log in with a dynamic token (single use) like quick login. Answers 404 while FEATURE_OTP_LOGIN is off (the default).',
  params: DynamicParams,
  body: DynamicTokenBody,
  data: TokenData,
});
