/** Business codes carried in the envelope's `code`. HTTP-like numbers mean what HTTP means. */
export const ApiCode = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** The access token has expired: the client shows the session-expired dialog instead of a toast. */
  SESSION_EXPIRED: 1007,
  /** The login needs a solved captcha first (the account had many failed logins): retry with `botCheckToken`. */
  CAPTCHA_REQUIRED: 1008,
} as const;
export type ApiCodeValue = (typeof ApiCode)[keyof typeof ApiCode];

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}
