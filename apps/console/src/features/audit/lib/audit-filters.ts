import type { Dayjs } from 'dayjs';
import type { AuditFilters } from '../api/audit-log';

/** Entries a page of the log holds. */
export const AUDIT_PAGE = 50;

/** The filter form's values (blanks are no filter). */
export interface AuditFilterForm {
  actor: string;
  action: string;
  entityType: string;
  entityId: string;
  range: [Dayjs | null, Dayjs | null] | null;
}

export const EMPTY_FORM: AuditFilterForm = { actor: '', action: '', entityType: '', entityId: '', range: null };

/** The kinds of things the server audits (entity types of modules/console and the ops routes). */
export const ENTITY_TYPES = ['order', 'secondPayment', 'player', 'role', 'product', 'game', 'server', 'channel', 'media', 'catalogue', 'operator', 'job'] as const;

/** The log's query of a submitted form: trimmed texts, whole days, the newest page. */
export function auditFiltersOf(form: AuditFilterForm): AuditFilters {
  const text = (value: string) => value.trim() || undefined;
  const filters: AuditFilters = { limit: AUDIT_PAGE };
  const actor = text(form.actor);
  const action = text(form.action);
  const entityType = text(form.entityType);
  const entityId = text(form.entityId);
  if (actor) filters.actor = actor;
  if (action) filters.action = action;
  if (entityType) filters.entityType = entityType;
  if (entityId) filters.entityId = entityId;
  if (form.range?.[0]) filters.from = form.range[0].startOf('day').toISOString();
  if (form.range?.[1]) filters.to = form.range[1].endOf('day').toISOString();
  return filters;
}

/** Where the console shows an audited thing, when it has a page of its own. */
export function entityPath(entityType: string, entityId: string): string | undefined {
  if (!/^\d+$/.test(entityId)) return undefined;
  switch (entityType) {
    case 'order':
      return `/orders/${entityId}`;
    case 'player':
      return `/players/${entityId}`;
    case 'role':
      return `/players/roles/${entityId}`;
    case 'product':
      return `/catalogue/products/${entityId}`;
    default:
      return undefined;
  }
}

/** i18next keys cannot hold dots: 'order.refund.request' is 'actions.order_refund_request'. */
export const actionKey = (action: string) => `actions.${action.replace(/\./g, '_')}`;
