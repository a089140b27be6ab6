import { describe, expect, it } from 'vitest';
import { bindFormResolver } from './bind-form';

const resolve = (gameId: string) =>
  bindFormResolver({ gameId }, undefined, { fields: {}, shouldUseNativeValidation: false, names: ['gameId'] });

describe('the bind form', () => {
  it('checks the game ID with the contract and removes the spaces players paste', async () => {
    expect(await resolve(' 1234 5678 ')).toEqual({ values: { gameId: '12345678' }, errors: {} });
  });

  it('answers an i18n key for an empty or over-long game ID', async () => {
    for (const gameId of ['', '   ', 'x'.repeat(65)]) {
      const { errors } = await resolve(gameId);
      expect(errors.gameId?.message, gameId).toBe('role.gameIdRequired');
    }
  });
});
