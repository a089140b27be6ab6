import { describe, expect, it } from 'vitest';
import { backTarget, hasPreviousAppEntry } from './back-navigation';

describe('back button (spec section 2)', () => {
  it('goes from ForgetPassword and RegisterAccount to Login, keeping the return target and the game', () => {
    expect(backTarget('/login/forgetPassword', '')).toEqual({ kind: 'fixed', to: '/login' });
    expect(backTarget('/login/registerAccount', '?redirect=%2Fmy%2FpersonalCenter&appId=10002')).toEqual({
      kind: 'fixed',
      to: '/login?redirect=%2Fmy%2FpersonalCenter&appId=10002',
    });
    // a foreign return target is not handed on
    expect(backTarget('/login/registerAccount', '?redirect=https%3A%2F%2Fevil.example')).toEqual({ kind: 'fixed', to: '/login' });
  });

  it('goes from ChangePhone, ChangeEmail, BindPhone and BindEmail to PersonalCenter, and from PersonalCenter to My', () => {
    for (const path of ['/my/changePhone', '/my/changeEmail', '/my/bindPhone', '/my/bindEmail']) {
      expect(backTarget(path, '')).toEqual({ kind: 'fixed', to: '/my/personalCenter' });
    }
    expect(backTarget('/my/personalCenter', '')).toEqual({ kind: 'fixed', to: '/my' });
    // paths are matched as the router matches them: any case, trailing slash
    expect(backTarget('/MY/personalcenter/', '')).toEqual({ kind: 'fixed', to: '/my' });
  });

  it('goes one step back everywhere else, with a fallback for a screen opened directly', () => {
    expect(backTarget('/login/dynamicTokenHelp', '?redirect=%2Fmy&appId=10030')).toEqual({ kind: 'history', fallback: '/login?redirect=%2Fmy&appId=10030' });
    expect(backTarget('/my/changePassword', '')).toEqual({ kind: 'history', fallback: '/my/personalCenter' });
    expect(backTarget('/myOrder', '?type=2')).toEqual({ kind: 'history', fallback: '/my' });
    expect(backTarget('/home/goodsDetail', '?id=3')).toEqual({ kind: 'history', fallback: '/home' });
    expect(backTarget('/settlement', '')).toEqual({ kind: 'history', fallback: '/home' });
  });

  it('steps back in history only over an entry this app made', () => {
    expect(hasPreviousAppEntry({ usr: null, key: 'a1', idx: 2 })).toBe(true);
    expect(hasPreviousAppEntry({ usr: null, key: 'default', idx: 0 })).toBe(false);
    expect(hasPreviousAppEntry(null)).toBe(false);
    expect(hasPreviousAppEntry({ idx: '3' })).toBe(false);
  });
});
