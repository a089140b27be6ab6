import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { lowerHex } from '../shared/ids.ts';

/** One entry of PayPal's `details` array. */
export interface IssueDetail {
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'query' | 'header';
  issue: string;
  description: string;
}

/** A PayPal REST error answer; thrown by handlers and written by the scope's error handler. */
export class PayPalError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.name ?? body.error));
  }
}

const debugId = () => lowerHex(13);

const informationLinks = (details: IssueDetail[]) =>
  details.map((d) => ({
    href: `https://developer.paypal.com/docs/api/orders/v2/#error-${d.issue}`,
    rel: 'information_link',
    method: 'GET',
  }));

/** 400: the request is malformed or breaks the schema. */
export function invalidRequest(...details: IssueDetail[]): PayPalError {
  return new PayPalError(400, {
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    debug_id: debugId(),
    details,
    links: informationLinks(details),
  });
}

/** 422: well-formed, but refused by business rules. */
export function unprocessable(detail: IssueDetail, links?: Array<{ href: string; rel: string; method: string }>): PayPalError {
  return new PayPalError(422, {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
    debug_id: debugId(),
    details: [detail],
    links: links ?? informationLinks([detail]),
  });
}

export function resourceNotFound(field: string, value: string): PayPalError {
  return new PayPalError(404, {
    name: 'RESOURCE_NOT_FOUND',
    message: 'The specified resource does not exist.',
    debug_id: debugId(),
    details: [
      {
        field,
        value,
        location: 'path',
        issue: 'INVALID_RESOURCE_ID',
        description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
      },
    ],
  });
}

/** OAuth-style 401 for calls without a valid bearer token. */
export function invalidToken(description: string): PayPalError {
  return new PayPalError(401, { error: 'invalid_token', error_description: description });
}

export function malformedJson(): PayPalError {
  return invalidRequest({
    issue: 'MALFORMED_REQUEST_JSON',
    location: 'body',
    description: 'The request JSON is not well formed.',
  });
}

/** Answers every error of the PayPal scope in PayPal's format. */
export function payPalErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof PayPalError) {
    void reply.code(error.statusCode).send(error.body);
    return;
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    void reply.code(status).send(invalidRequest({ issue: error.code ?? 'INVALID_REQUEST', description: error.message }).body);
    return;
  }
  request.log.error({ err: error }, 'paypal sandbox failure');
  void reply.code(500).send({
    name: 'INTERNAL_SERVER_ERROR',
    message: 'An internal server error has occurred.',
    debug_id: debugId(),
  });
}

/** 400 of the notifications API for a missing field. */
export function validationError(field: string): PayPalError {
  return new PayPalError(400, {
    name: 'VALIDATION_ERROR',
    message: 'Invalid request - see details',
    debug_id: debugId(),
    details: [{ field, location: 'body', issue: 'may not be null' }],
  });
}
