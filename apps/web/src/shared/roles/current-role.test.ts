import { describe, expect, it } from 'vitest';
import { boundRole } from '../testing/early-globals';
import { pickCurrentRole } from './current-role';


describe('pickCurrentRole', () => {
  it('takes the session account, else the default, else the first', () => {
    expect(pickCurrentRole([boundRole(1), boundRole(2, { isDefault: true }), boundRole(3, { current: true })])?.id).toBe(3);
    expect(pickCurrentRole([boundRole(1), boundRole(2, { isDefault: true })])?.id).toBe(2);
    expect(pickCurrentRole([boundRole(1), boundRole(2)])?.id).toBe(1);
    expect(pickCurrentRole([])).toBeUndefined();
    expect(pickCurrentRole(undefined)).toBeUndefined();
  });
});
