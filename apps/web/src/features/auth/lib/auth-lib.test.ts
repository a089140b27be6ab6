import { describe, expect, it } from 'vitest';
import { authGame, loginMethods, registerMethods } from './methods';
import { DEFAULT_AFTER_LOGIN, afterLoginPath } from './redirect';

describe('login tabs', () => {
  it('follow the game and hide otp while the feature is off', () => {
    expect(loginMethods(10030, false)).toEqual(['email']);
    expect(loginMethods(10030, true)).toEqual(['otp', 'email']);
    expect(loginMethods(10002, false)).toEqual(['email', 'mobile']);
    expect(loginMethods(99999, false)).toEqual(['email']);
  });
});

describe('register tabs', () => {
  it('offer only what the game logs in with, in the register tab map order (0 email, 1 mobile)', () => {
    expect(registerMethods(10030)).toEqual(['email']);
    expect(registerMethods(10002)).toEqual(['email', 'mobile']);
  });
});

describe('the game of the auth screens', () => {
  it('comes from ?appId= first, then the saved player, else 10030; only the two games count', () => {
    expect(authGame('?appId=10002', 10030)).toBe(10002);
    expect(authGame('?appId=10030', 10002)).toBe(10030);
    expect(authGame('', 10002)).toBe(10002);
    expect(authGame('', undefined)).toBe(10030);
    expect(authGame('?appId=99999', 10002)).toBe(10002);
    expect(authGame('?appId=10002abc', undefined)).toBe(10030);
    expect(authGame('?appId=', 99999)).toBe(10030);
  });
});

describe('after login', () => {
  it('goes back to ?redirect= when it is a path of this app other than login, else home', () => {
    expect(afterLoginPath('')).toBe('/home');
    expect(afterLoginPath('?redirect=%2FpurchaseOrder%3Fid%3D5')).toBe('/purchaseOrder?id=5');
    expect(afterLoginPath('?redirect=%2Fmy%2FpersonalCenter&appId=10002')).toBe('/my/personalCenter');
    expect(afterLoginPath('?redirect=https://evil.example')).toBe(DEFAULT_AFTER_LOGIN);
    expect(afterLoginPath('?redirect=//evil.example')).toBe(DEFAULT_AFTER_LOGIN);
    expect(afterLoginPath('?redirect=/login/registerAccount')).toBe(DEFAULT_AFTER_LOGIN);
  });
});
