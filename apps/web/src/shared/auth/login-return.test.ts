import { describe, expect, it } from 'vitest';
import { authFlowQuery, loginPathReturningTo, safeReturnPath, supportedGame } from './login-return';

describe('return target after login', () => {
  it('is a path of this app, with its query', () => {
    expect(safeReturnPath('/my/personalCenter')).toBe('/my/personalCenter');
    expect(safeReturnPath('/purchaseOrder?id=5')).toBe('/purchaseOrder?id=5');
    expect(safeReturnPath('/home/goodsDetail?id=3#top')).toBe('/home/goodsDetail?id=3#top');
  });

  it('is never another site: absolute, protocol-relative, backslash and control-character tricks are refused', () => {
    for (const foreign of [
      'https://evil.example/my',
      'http://evil.example',
      '//evil.example/my',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'my/personalCenter',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(foreign), String(foreign)).toBeUndefined();
    }
  });

  it('is never a login screen (that would loop) and not absurdly long', () => {
    expect(safeReturnPath('/login')).toBeUndefined();
    expect(safeReturnPath('/login?redirect=/my')).toBeUndefined();
    expect(safeReturnPath('/LOGIN/registerAccount')).toBeUndefined();
    expect(safeReturnPath('/loginHelp')).toBe('/loginHelp');
    expect(safeReturnPath(`/${'a'.repeat(3000)}`)).toBeUndefined();
  });

  it('rides on /login as ?redirect=', () => {
    expect(loginPathReturningTo('/my/personalCenter')).toBe('/login?redirect=%2Fmy%2FpersonalCenter');
    expect(loginPathReturningTo('/purchaseOrder?id=5')).toBe('/login?redirect=%2FpurchaseOrder%3Fid%3D5');
    expect(loginPathReturningTo('/login/registerAccount')).toBe('/login');
    expect(loginPathReturningTo('https://evil.example')).toBe('/login');
  });
});

describe('what the auth screens hand on to each other', () => {
  it('keeps a valid return target and one of the two games, drops everything else', () => {
    expect(authFlowQuery('?redirect=%2Fmy%2FpersonalCenter&appId=10002&language=de')).toBe('?redirect=%2Fmy%2FpersonalCenter&appId=10002');
    expect(authFlowQuery('?appId=10030')).toBe('?appId=10030');
    expect(authFlowQuery('?redirect=https%3A%2F%2Fevil.example&appId=4')).toBe('');
    expect(authFlowQuery('')).toBe('');
  });

  it('knows the two games only', () => {
    expect(supportedGame('10002')).toBe(10002);
    expect(supportedGame(10030)).toBe(10030);
    expect(supportedGame('10003')).toBeUndefined();
    expect(supportedGame('')).toBeUndefined();
    expect(supportedGame(null)).toBeUndefined();
  });
});
