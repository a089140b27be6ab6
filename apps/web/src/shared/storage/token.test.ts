import { describe, expect, it } from 'vitest';
import { memoryStorage } from './storage';
import { TOKEN_KEY, authorizationOf, clearToken, readToken, saveToken } from './token';

const data = { token: 'abc', refreshToken: 'r'.repeat(20), expiresIn: 7200, tokenHead: 'Bearer ' };

describe('token record', () => {
  it('is stored as the spec describes: data, time and maxAge = expiresIn x 1000', () => {
    const storage = memoryStorage();
    saveToken(data, 1_000, storage);
    expect(JSON.parse(storage.getItem(TOKEN_KEY)!)).toEqual({ data, time: 1_000, maxAge: 7_200_000 });
  });

  it("marks a session the game's launch opened", () => {
    const storage = memoryStorage();
    saveToken(data, 1_000, storage, 'game');
    expect(readToken(1_000, storage)).toMatchObject({ data, origin: 'game' });
    saveToken(data, 1_000, storage);
    expect(readToken(1_000, storage)).not.toHaveProperty('origin');
  });

  it('reads with an expired flag once time + maxAge is past', () => {
    const storage = memoryStorage();
    saveToken(data, 1_000, storage);
    expect(readToken(1_000 + 7_200_000, storage)?.expired).toBe(false);
    expect(readToken(1_000 + 7_200_001, storage)?.expired).toBe(true);
  });

  it('treats missing or malformed records as no token', () => {
    const storage = memoryStorage();
    expect(readToken(0, storage)).toBeNull();
    storage.setItem(TOKEN_KEY, 'not json');
    expect(readToken(0, storage)).toBeNull();
    storage.setItem(TOKEN_KEY, JSON.stringify({ data: { token: 1 } }));
    expect(readToken(0, storage)).toBeNull();
    storage.setItem(TOKEN_KEY, JSON.stringify({ data, time: 'x', maxAge: 5 }));
    expect(readToken(0, storage)?.expired).toBe(true);
  });

  it('clears and builds the Authorization header from tokenHead + token', () => {
    const storage = memoryStorage();
    const record = saveToken(data, 0, storage);
    expect(authorizationOf(record)).toBe('Bearer abc');
    clearToken(storage);
    expect(readToken(0, storage)).toBeNull();
  });
});
