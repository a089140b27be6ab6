import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../../http/handler.ts';
import type { Services } from '../../../services.ts';
import { handler as acceptInvitation } from './handlers/accept-invitation.handler.ts';
import { handler as auditLog } from './handlers/audit-log.handler.ts';
import { handler as invitation } from './handlers/invitation.handler.ts';
import { handler as inviteOperator } from './handlers/invite-operator.handler.ts';
import { handler as login } from './handlers/login.handler.ts';
import { handler as logout } from './handlers/logout.handler.ts';
import { handler as me } from './handlers/me.handler.ts';
import { handler as operators } from './handlers/operators.handler.ts';
import { handler as regenerateRecoveryCodes } from './handlers/regenerate-recovery-codes.handler.ts';
import { handler as resetOperator } from './handlers/reset-operator.handler.ts';
import { handler as updateOperator } from './handlers/update-operator.handler.ts';

/** Operators' login, enrolment, and (admins) the operator accounts and the audit log. */
export const consoleAccessHandlers = [login, logout, me, invitation, acceptInvitation, regenerateRecoveryCodes, operators, inviteOperator, updateOperator, resetOperator, auditLog];

export function registerConsoleAccessRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, consoleAccessHandlers);
}
