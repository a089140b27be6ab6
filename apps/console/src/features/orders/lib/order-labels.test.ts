import { describe, expect, it } from 'vitest';
import { orderSnTail, playerLabel, roleLabel, waitingCount } from './order-labels';

describe('order labels', () => {
  it('names a role by its name, else its id, with its server', () => {
    expect(roleLabel({ gameAccountId: 1, roleName: 'Hero', roleId: '42', serverId: '10001', accountId: 'a' })).toBe('Hero · 10001');
    expect(roleLabel({ gameAccountId: 1, roleName: '', roleId: '42', serverId: '10001', accountId: 'a' })).toBe('42 · 10001');
    expect(roleLabel(null)).toBe('—');
  });

  it('names the player by e-mail, phone or id', () => {
    expect(playerLabel({ playerEmail: 'a@b.c', playerMobile: '+1', userId: 7 })).toBe('a@b.c');
    expect(playerLabel({ playerEmail: null, playerMobile: '+1', userId: 7 })).toBe('+1');
    expect(playerLabel({ playerEmail: null, playerMobile: null, userId: 7 })).toBe('#7');
  });

  it('cuts the tail players read from the 13th character', () => {
    expect(orderSnTail('2611280727091234567890')).toBe('1234567890');
  });

  it('adds up the waiting queues', () => {
    expect(waitingCount({ deliveryErrors: 1, refundRequests: 2, secondPayments: 3, reconciliation: 4 })).toBe(10);
    expect(waitingCount(undefined)).toBe(0);
  });
});
