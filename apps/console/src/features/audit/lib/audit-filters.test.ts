import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE, EMPTY_FORM, actionKey, auditFiltersOf, entityPath } from './audit-filters';

describe('the audit log filters', () => {
  it('asks the newest page with no filter for an empty form', () => {
    expect(auditFiltersOf(EMPTY_FORM)).toEqual({ limit: AUDIT_PAGE });
  });

  it('trims texts and widens the period to whole days', () => {
    const from = dayjs('2026-03-04T15:00:00');
    const to = dayjs('2026-03-05T09:00:00');
    expect(auditFiltersOf({ actor: ' lead@console.test ', action: 'order.refund', entityType: 'order', entityId: ' 42 ', range: [from, to] })).toEqual({
      limit: AUDIT_PAGE,
      actor: 'lead@console.test',
      action: 'order.refund',
      entityType: 'order',
      entityId: '42',
      from: from.startOf('day').toISOString(),
      to: to.endOf('day').toISOString(),
    });
    expect(auditFiltersOf({ ...EMPTY_FORM, actor: '   ', range: [null, to] })).toEqual({ limit: AUDIT_PAGE, to: to.endOf('day').toISOString() });
  });
});

describe('entityPath and actionKey', () => {
  it('links the things that have a page, by a numeric id only', () => {
    expect(entityPath('order', '7')).toBe('/orders/7');
    expect(entityPath('player', '7')).toBe('/players/7');
    expect(entityPath('role', '7')).toBe('/players/roles/7');
    expect(entityPath('product', '7')).toBe('/catalogue/products/7');
    expect(entityPath('channel', '7')).toBeUndefined();
    expect(entityPath('order', 'abc')).toBeUndefined();
  });

  it('turns an action into a translation key without dots', () => {
    expect(actionKey('order.refund.request')).toBe('actions.order_refund_request');
  });
});
