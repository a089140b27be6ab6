import { ApiCode } from '@shop/contract/envelope.schema';
import type { DomainError, DomainErrorKind } from '../shared/domain-errors.ts';

/** The HTTP status and the envelope's business code of each kind of domain error: the only place that maps them. */
const HTTP_OF_KIND: Record<DomainErrorKind, { status: number; code: number }> = {
  invalid: { status: 400, code: 400 },
  'captcha-required': { status: 400, code: ApiCode.CAPTCHA_REQUIRED },
  unauthenticated: { status: 401, code: 401 },
  'session-expired': { status: 401, code: ApiCode.SESSION_EXPIRED },
  forbidden: { status: 403, code: 403 },
  'not-found': { status: 404, code: 404 },
  conflict: { status: 409, code: 409 },
  'too-large': { status: 413, code: 413 },
  mismatch: { status: 422, code: 422 },
  'too-many': { status: 429, code: 429 },
  'upstream-failed': { status: 502, code: 502 },
  unavailable: { status: 503, code: 503 },
};

export function httpOf(error: DomainError): { status: number; code: number } {
  return HTTP_OF_KIND[error.kind];
}
