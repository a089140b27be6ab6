import { z } from 'zod';
import { plainString, text } from '../fields.ts';
import { defineRoute } from '../route.ts';

/**
 * The publisher's console: operators (not players) with one of three roles. The server checks the route's permission on
 * every call; the console only uses the same table to hide what a role cannot do.
 */
export const OperatorRole = z.enum(['admin', 'finance', 'support']);
export type OperatorRole = z.infer<typeof OperatorRole>;

export const Permission = {
  CATALOGUE_READ: 'catalogue.read',
  CATALOGUE_WRITE: 'catalogue.write',
  ORDERS_READ: 'orders.read',
  ORDERS_REFUND: 'orders.refund',
  ORDERS_RETRY_DELIVERY: 'orders.retryDelivery',
  REFUND_REQUESTS_ANSWER: 'refundRequests.answer',
  PLAYERS_READ: 'players.read',
  PLAYERS_ADJUST_VOUCHERS: 'players.adjustVouchers',
  PLAYERS_END_SESSIONS: 'players.endSessions',
  PLAYERS_BLOCK: 'players.block',
  REPORTS_READ: 'reports.read',
  OPERATORS_MANAGE: 'operators.manage',
  AUDIT_READ: 'audit.read',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];

const ALL = Object.values(Permission);

/**
 * admin: everything, manages operators. finance: money (refunds, reports, voucher adjustments). support: reads orders and
 * players, retries deliveries, answers refund requests (rejects one; the refund itself is finance's), ends a player's
 * sessions and blocks an abused account.
 */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  admin: ALL,
  finance: [
    Permission.CATALOGUE_READ,
    Permission.ORDERS_READ,
    Permission.ORDERS_REFUND,
    Permission.REFUND_REQUESTS_ANSWER,
    Permission.PLAYERS_READ,
    Permission.PLAYERS_ADJUST_VOUCHERS,
    Permission.REPORTS_READ,
  ],
  support: [
    Permission.CATALOGUE_READ,
    Permission.ORDERS_READ,
    Permission.ORDERS_RETRY_DELIVERY,
    Permission.REFUND_REQUESTS_ANSWER,
    Permission.PLAYERS_READ,
    Permission.PLAYERS_END_SESSIONS,
    Permission.PLAYERS_BLOCK,
  ],
};

export const roleAllows = (role: OperatorRole, permission: string): boolean => (ROLE_PERMISSIONS[role] as readonly string[]).includes(permission);

/** The console's session cookie (HttpOnly, SameSite=Strict, path /api/console). */
export const CONSOLE_SESSION_COOKIE = 'console_session';

export const operatorEmail = plainString().toLowerCase().email().max(254);
/** Passwords are only hashed: any characters, but a sane length. */
export const operatorPassword = z.string().min(12, 'at least 12 characters').max(128);
/** A 6-digit TOTP code, or a recovery code (xxxxx-xxxxx). */
export const totpCode = plainString().regex(/^\d{6}$/, 'a 6-digit code');
export const recoveryCode = plainString().toLowerCase().regex(/^[a-z0-9]{5}-?[a-z0-9]{5}$/, 'a recovery code like abcde-12345');

export const OperatorView = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: OperatorRole,
  /** invited: enrolment not finished; active; disabled. */
  state: z.enum(['invited', 'active', 'disabled']),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorView = z.infer<typeof OperatorView>;

export const ConsoleMe = OperatorView.extend({
  permissions: z.array(z.string()),
  /** Recovery codes not used yet: the console warns when few are left. */
  recoveryCodesLeft: z.number().int(),
  /** The session ends after this long without a request. */
  idleTimeoutSeconds: z.number().int(),
});
export type ConsoleMe = z.infer<typeof ConsoleMe>;

export const consoleLogin = defineRoute({
  method: 'POST',
  path: '/console/v1/auth/login',
  auth: 'none',
  summary:
    'Operator login: e-mail, password and the current TOTP code (or one recovery code). Sets the HttpOnly session cookie. ' +
    'A code is accepted once; repeated failures lock the account for a while.',
  body: z
    .object({ email: operatorEmail, password: z.string().min(1).max(200), totp: totpCode.optional(), recoveryCode: recoveryCode.optional() })
    .refine((body) => body.totp !== undefined || body.recoveryCode !== undefined, { message: 'totp or recoveryCode is required', path: ['totp'] }),
  data: ConsoleMe,
});

export const consoleLogout = defineRoute({
  method: 'POST',
  path: '/console/v1/auth/logout',
  auth: 'operator',
  summary: 'Ends this console session',
  data: z.null(),
});

export const consoleMe = defineRoute({
  method: 'GET',
  path: '/console/v1/auth/me',
  auth: 'operator',
  summary: 'The signed-in operator, their role and permissions',
  data: ConsoleMe,
});

/** An invitation as the invited operator opens it: who it is for, and the TOTP secret to scan. */
export const InvitationView = z.object({
  email: z.string(),
  name: z.string(),
  role: OperatorRole,
  totpSecret: z.string(),
  otpauthUri: z.string(),
});
export type InvitationView = z.infer<typeof InvitationView>;

const inviteToken = plainString().min(20).max(100);

export const consoleInvitation = defineRoute({
  method: 'GET',
  path: '/console/v1/auth/invitation',
  auth: 'none',
  summary: 'An open invitation (from the link an admin passed on): the operator and a fresh TOTP secret to scan',
  query: z.object({ token: inviteToken }),
  data: InvitationView,
});

export const consoleAcceptInvitation = defineRoute({
  method: 'POST',
  path: '/console/v1/auth/invitation/accept',
  auth: 'none',
  summary:
    'Finishes enrolment: sets the password and confirms the TOTP secret with a current code. Answers the recovery codes, ' +
    'shown once. The invitation cannot be used again.',
  body: z.object({ token: inviteToken, password: operatorPassword, totpSecret: plainString().regex(/^[A-Z2-7]{16,64}$/), totp: totpCode }),
  data: z.object({ recoveryCodes: z.array(z.string()) }),
});

export const consoleRegenerateRecoveryCodes = defineRoute({
  method: 'POST',
  path: '/console/v1/auth/recovery-codes',
  auth: 'operator',
  summary: 'New recovery codes for the signed-in operator (the old ones stop working); needs a current TOTP code',
  body: z.object({ totp: totpCode }),
  data: z.object({ recoveryCodes: z.array(z.string()) }),
});

// --- operators (admin) -------------------------------------------------------------------------------------------------

export const consoleOperators = defineRoute({
  method: 'GET',
  path: '/console/v1/operators',
  auth: 'operator',
  permission: Permission.OPERATORS_MANAGE,
  summary: 'Every operator account',
  data: z.array(OperatorView),
});

/** The invitation link the admin passes on (once: only its hash is stored). */
export const InvitationLink = z.object({ operator: OperatorView, invitationUrl: z.string(), expiresAt: z.string() });

export const consoleInviteOperator = defineRoute({
  method: 'POST',
  path: '/console/v1/operators',
  auth: 'operator',
  permission: Permission.OPERATORS_MANAGE,
  summary: 'Invites an operator: answers a one-time enrolment link (password and TOTP are set by the operator)',
  body: z.object({ email: operatorEmail, name: text(100), role: OperatorRole }),
  data: InvitationLink,
});

export const consoleUpdateOperator = defineRoute({
  method: 'POST',
  path: '/console/v1/operators/:id',
  auth: 'operator',
  permission: Permission.OPERATORS_MANAGE,
  summary: "Changes an operator's role or name, disables or re-enables them (disabling ends their sessions)",
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  body: z.object({ name: text(100).optional(), role: OperatorRole.optional(), disabled: z.boolean().optional() }),
  data: OperatorView,
});

export const consoleResetOperator = defineRoute({
  method: 'POST',
  path: '/console/v1/operators/:id/reset',
  auth: 'operator',
  permission: Permission.OPERATORS_MANAGE,
  summary: 'A lost password or authenticator: clears both, ends the sessions and answers a new enrolment link',
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  data: InvitationLink,
});

// --- audit log --------------------------------------------------------------------------------------------------------

export const AuditEntry = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const consoleAuditLog = defineRoute({
  method: 'GET',
  path: '/console/v1/audit',
  auth: 'operator',
  permission: Permission.AUDIT_READ,
  summary: 'The audit log, newest first: filter by operator e-mail, action, entity and time',
  query: z.object({
    actor: plainString().max(254).optional(),
    action: plainString().max(100).optional(),
    entityType: plainString().max(50).optional(),
    entityId: plainString().max(100).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** Entries older than this id (paging). */
    before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  data: z.object({ entries: z.array(AuditEntry), nextBefore: z.number().int().nullable() }),
});
