import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_SESSION_COOKIE, roleAllows } from '@shop/contract/console/access';
import { unauthenticated, forbidden } from '../../../shared/domain-errors.ts';
import type { Actor } from '../../../shared/audit.ts';
import type { ConsoleOperator } from './operators.service.ts';
import type { OperatorSessions } from './operator-sessions.ts';

const COOKIE_PATH = '/api/console';

export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CONSOLE_SESSION_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** The cookie is Secure when the shop is served over https. */
export const secureCookies = (publicUrl: string) => publicUrl.startsWith('https://');

export function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number, secure: boolean): void {
  reply.header(
    'set-cookie',
    `${CONSOLE_SESSION_COOKIE}=${token}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`,
  );
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', `${CONSOLE_SESSION_COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`);
}

/**
 * The console's auth check, run before every route with auth 'operator': a live session, and a role that allows the
 * route's permission. Changes must come from the console's own origin: the cookie is SameSite=Strict, and a request
 * whose Origin is another site is refused as well (defence in depth against cross-site requests).
 */
export async function authenticateOperator(
  request: FastifyRequest,
  operators: Pick<OperatorSessions, 'authenticate'>,
  allowedOrigins: readonly string[],
): Promise<ConsoleOperator> {
  const origin = request.headers.origin;
  if (request.method !== 'GET' && origin !== undefined && !allowedOrigins.includes(origin)) throw forbidden('consoleForeignOrigin');
  const token = sessionTokenOf(request);
  const operator = token && token.length <= 100 ? await operators.authenticate(token) : undefined;
  if (!operator) throw unauthenticated('consoleSessionRequired');
  const permission = request.routeOptions.config.permission;
  if (permission && !roleAllows(operator.role, permission)) throw forbidden('consolePermissionDenied');
  return operator;
}

/** The audit log's actor of a console request. */
export const actorOf = (operator: ConsoleOperator, request: FastifyRequest): Actor => ({ operatorId: operator.id, name: operator.email, ip: request.ip });
