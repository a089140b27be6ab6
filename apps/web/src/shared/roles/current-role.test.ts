import { describe, expect, it } from 'vitest';
import type { BoundRole } from '@shop/contract/roles';
import { pickCurrentRole } from './current-role';

const role = (id: number, flags: Partial<Pick<BoundRole, 'current' | 'isDefault'>> = {}): BoundRole => ({
  id,
  appId: 10030,
  gameName: 'Breaking Dead',
  gameId: `g${id}`,
  roleId: `r${id}`,
  roleName: `R${id}`,
  accountName: 'A',
  level: 1,
  serverId: '1',
  serverName: 'S1',
  isDefault: false,
  current: false,
  ...flags,
});

describe('pickCurrentRole', () => {
  it('takes the session account, else the default, else the first', () => {
    expect(pickCurrentRole([role(1), role(2, { isDefault: true }), role(3, { current: true })])?.id).toBe(3);
    expect(pickCurrentRole([role(1), role(2, { isDefault: true })])?.id).toBe(2);
    expect(pickCurrentRole([role(1), role(2)])?.id).toBe(1);
    expect(pickCurrentRole([])).toBeUndefined();
    expect(pickCurrentRole(undefined)).toBeUndefined();
  });
});
