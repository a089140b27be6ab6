import { describe, expect, it } from 'vitest';
import { loginMethods } from './methods';
import { DEFAULT_AFTER_LOGIN, afterLoginPath } from './redirect';

describe('login tabs', () => {
  it('follow the game and hide otp while the feature is off', () => {
    expect(loginMethods(10030, false)).toEqual(['email']);
    expect(loginMethods(10030, true)).toEqual(['otp', 'email']);
    expect(loginMethods(10002, false)).toEqual(['email', 'mobile']);
    expect(loginMethods(undefined, false)).toEqual(['email']);
    expect(loginMethods(99999, false)).toEqual(['email']);
  });
});

describe('after login', () => {
  it('goes back to ?redirect= or the guard state, only to same-site paths other than login', () => {
    expect(afterLoginPath('', null)).toBe('/home');
    expect(afterLoginPath('?redirect=%2FpurchaseOrder%3Fid%3D5', null)).toBe('/purchaseOrder?id=5');
    expect(afterLoginPath('', { from: '/purchaseOrder?id=7' })).toBe('/purchaseOrder?id=7');
    expect(afterLoginPath('?redirect=https://evil.example', null)).toBe(DEFAULT_AFTER_LOGIN);
    expect(afterLoginPath('?redirect=//evil.example', null)).toBe(DEFAULT_AFTER_LOGIN);
    expect(afterLoginPath('?redirect=/login/registerAccount', null)).toBe(DEFAULT_AFTER_LOGIN);
  });
});

