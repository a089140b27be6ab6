import { describe, expect, it } from 'vitest';
import { DEMO_PLAYER, playerInfoFromQuery } from './player-info';

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
