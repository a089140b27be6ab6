import { describe, expect, it } from 'vitest';
import { DEMO_PLAYER, playerInfoFromQuery, voucherEntry } from './player-info';

const q = (text: string) => new URLSearchParams(text);
const saved = { appId: 10002, roleId: 'R9', serverId: 'S9', accountId: 'A9', userLevel: 40 };

describe('playerInfoFromQuery', () => {
  it('takes the game parameters from the query', () => {
    expect(playerInfoFromQuery(q('appId=10002&roleId=R&serverId=S&accountId=A&userLevel=12&language=de'), undefined)).toEqual({
      appId: 10002,
      roleId: 'R',
      serverId: 'S',
      accountId: 'A',
      userLevel: 12,
    });
  });

  it('uses the demo defaults for whatever is missing or malformed', () => {
    expect(playerInfoFromQuery(q(''), undefined)).toEqual(DEMO_PLAYER);
    expect(playerInfoFromQuery(q('appId=abc&userLevel=-3&roleId=%20%20'), undefined)).toEqual(DEMO_PLAYER);
    expect(DEMO_PLAYER).toMatchObject({ appId: 10030, userLevel: 1 });
  });

  it('reuses the saved uinfo with from=close, and only then', () => {
    expect(playerInfoFromQuery(q('from=close'), saved)).toBe(saved);
    expect(playerInfoFromQuery(q('from=close&appId=10030&roleId=X'), saved)).toBe(saved);
    expect(playerInfoFromQuery(q('appId=10030'), saved).appId).toBe(10030);
    expect(playerInfoFromQuery(q('from=close'), undefined)).toEqual(DEMO_PLAYER);
  });

  it('passes ts and sign through when both are present', () => {
    const sign = 'a'.repeat(64);
    expect(playerInfoFromQuery(q(`roleId=R&ts=1700000000&sign=${sign}`), undefined)).toMatchObject({
      ts: 1_700_000_000,
      sign,
    });
    expect(playerInfoFromQuery(q('roleId=R&ts=1700000000'), undefined)).not.toHaveProperty('ts');
  });
});

describe('voucherEntry', () => {
  it("logs in from the game's launch parameters, whatever session the browser holds", () => {
    const launch = q('appId=10002&roleId=R&serverId=S&accountId=A&userLevel=12');
    expect(voucherEntry(launch, saved, false)).toEqual({ kind: 'launch', player: playerInfoFromQuery(launch, undefined) });
    expect(voucherEntry(launch, saved, true)).toMatchObject({ kind: 'launch', player: { roleId: 'R' } });
    // the spec's defaults fill what the launch left out
    expect(voucherEntry(q('roleId=R'), undefined, false)).toEqual({ kind: 'launch', player: { ...DEMO_PLAYER, roleId: 'R' } });
  });

  it('keeps a session when the page is reached without a launch (the shop, a back link, from=close)', () => {
    expect(voucherEntry(q(''), saved, true)).toEqual({ kind: 'session', appId: undefined });
    expect(voucherEntry(q('from=close'), saved, true)).toEqual({ kind: 'session', appId: undefined });
    expect(voucherEntry(q('from=close&roleId=X'), saved, true)).toEqual({ kind: 'session', appId: undefined });
    expect(voucherEntry(q('appId=10002&language=de'), undefined, true)).toEqual({ kind: 'session', appId: 10002 });
  });

  it("reopened by the game (from=close) without a session, it logs in again from the game's saved launch", () => {
    expect(voucherEntry(q('from=close'), saved, false)).toEqual({ kind: 'launch', player: saved });
  });

  it('without a launch and without a session nobody is logged in: no demo player', () => {
    expect(voucherEntry(q(''), undefined, false)).toEqual({ kind: 'guest', appId: DEMO_PLAYER.appId });
    expect(voucherEntry(q('from=close'), undefined, false)).toEqual({ kind: 'guest', appId: DEMO_PLAYER.appId });
    expect(voucherEntry(q('appId=10002&serverId=S'), undefined, false)).toEqual({ kind: 'guest', appId: 10002 });
    expect(voucherEntry(q(''), saved, false)).toEqual({ kind: 'guest', appId: saved.appId });
    expect(voucherEntry(q('roleId=%20'), undefined, false)).toMatchObject({ kind: 'guest' });
  });
});
