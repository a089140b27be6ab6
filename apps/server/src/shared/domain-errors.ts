import type { MessageKey, MessageParams } from '../i18n/messages.ts';

/**
 * What went wrong, in the domain's words. Services throw these; only the HTTP layer (http/errors.ts) knows which status
 * and envelope code each kind becomes, so a service reads the same whether it is called by a route, a job or a test.
 */
export type DomainErrorKind =
  /** The request asks for something the rules refuse (a missing field, a price below zero, too many items). */
  | 'invalid'
  /** A solved captcha is needed before this can be tried again. */
  | 'captcha-required'
  /** Nobody is signed in, or the credentials are wrong. */
  | 'unauthenticated'
  /** The session was valid once and has run out. */
  | 'session-expired'
  /** Signed in, but not allowed to do this. */
  | 'forbidden'
  /** No such thing, or not the caller's (another player's order is "not found"). */
  | 'not-found'
  /** The thing is not in a state that allows this (already paid, already claimed, a key reused). */
  | 'conflict'
  /** The upload is larger than the rule allows. */
  | 'too-large'
  /** A repeated request that differs from the first one under the same key. */
  | 'mismatch'
  /** Too many attempts in too short a time. */
  | 'too-many'
  /** An outside party (payment provider, game server, SMS gateway) failed or refused. */
  | 'upstream-failed'
  /** Something we depend on is down for now; trying later may work. */
  | 'unavailable';

/** The one error type of the domain: a kind and a translatable message key (with its parameters). */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
  ) {
    super(messageKey);
    this.name = 'DomainError';
  }
}

export const invalid = (key: MessageKey, params?: MessageParams) => new DomainError('invalid', key, params);
export const captchaRequired = (key: MessageKey) => new DomainError('captcha-required', key);
export const unauthenticated = (key: MessageKey = 'unauthorized') => new DomainError('unauthenticated', key);
export const sessionExpired = () => new DomainError('session-expired', 'sessionExpired');
export const forbidden = (key: MessageKey = 'forbidden') => new DomainError('forbidden', key);
export const notFound = (key: MessageKey = 'notFound') => new DomainError('not-found', key);
export const conflict = (key: MessageKey, params?: MessageParams) => new DomainError('conflict', key, params);
export const tooLarge = (key: MessageKey) => new DomainError('too-large', key);
export const mismatch = (key: MessageKey) => new DomainError('mismatch', key);
export const tooMany = (key: MessageKey = 'tooManyRequests', params?: MessageParams) => new DomainError('too-many', key, params);
export const upstreamFailed = (key: MessageKey, params?: MessageParams) => new DomainError('upstream-failed', key, params);
export const unavailable = (key: MessageKey = 'serviceUnavailable') => new DomainError('unavailable', key);
