import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { lowerHex } from '../shared/ids.ts';

/** Which parameter a 422 refused: Xsolla names "what exact parameters have been sent incorrectly" in extended_message. */
export interface InvalidParameter {
  property: string;
  message: string;
}

/** Xsolla's API error format: {http_status_code, message, extended_message, request_id}. */
export class XsollaError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly invalidParameter?: InvalidParameter,
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return {
      http_status_code: this.statusCode,
      message: this.message,
      extended_message: this.invalidParameter
        ? { global_errors: [], property_errors: { [this.invalidParameter.property]: [this.invalidParameter.message] } }
        : null,
      request_id: lowerHex(32),
    };
  }
}

export const unprocessable = (message: string): XsollaError => new XsollaError(422, message);

/** A 422 that names the parameter sent incorrectly. */
export const invalidParameter = (property: string, message: string): XsollaError =>
  new XsollaError(422, `Invalid ${property}`, { property, message });

export function xsollaErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof XsollaError) {
    void reply.code(error.statusCode).send(error.body());
    return;
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) request.log.error({ err: error }, 'xsolla sandbox failure');
  const answer = status >= 400 && status < 500 ? new XsollaError(status, error.message) : new XsollaError(500, 'Internal Server Error');
  void reply.code(answer.statusCode).send(answer.body());
}
