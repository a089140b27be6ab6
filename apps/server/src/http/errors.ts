import { ApiCode } from '@shop/contract/envelope';
import type { MessageKey, MessageParams } from '../i18n/messages.ts';

/**
 * The one error type of the server: an HTTP status, the envelope's business code and a translatable message key.
 * The error handler turns it (and everything else thrown) into the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
    readonly code: number = status,
  ) {
    super(messageKey);
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams) => new AppError(400, key, params);
export const unauthorized = (key: MessageKey = 'unauthorized') => new AppError(401, key);
export const sessionExpired = () => new AppError(401, 'sessionExpired', undefined, ApiCode.SESSION_EXPIRED);
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'notFound') => new AppError(404, key);
export const conflict = (key: MessageKey, params?: MessageParams) => new AppError(409, key, params);
export const tooManyRequests = (key: MessageKey = 'tooManyRequests', params?: MessageParams) => new AppError(429, key, params);
export const unavailable = (key: MessageKey = 'serviceUnavailable') => new AppError(503, key);
export const providerUnavailable = () => new AppError(502, 'paymentProviderError');
