import { describe, expect, it } from 'vitest';
import { loginPath } from './login-path';

describe('the way to the login', () => {
  it('says the session ended only when there was one, and comes back to the page either way', () => {
    expect(loginPath('/orders?status=3', { ended: true })).toBe('/login?ended=1&next=%2Forders%3Fstatus%3D3');
    expect(loginPath('/orders?status=3', { ended: false })).toBe('/login?next=%2Forders%3Fstatus%3D3');
  });
});
