/** What went wrong with a call: the server answered with a non-200 code, the network failed, or it took too long. */
export type ApiErrorKind = 'business' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** The envelope's code for business errors; -1 when there was no answer. */
    readonly code: number,
    message: string,
    readonly kind: ApiErrorKind,
    /** The envelope's data, when the server sent any with the error. */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
