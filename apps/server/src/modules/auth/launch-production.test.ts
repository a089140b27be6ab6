import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type ShopApp } from '../../app.ts';
import { ConfigError } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { games } from '../../db/schema.ts';
import { productionConfig } from '../../../test/production.ts';
import { signLaunch } from './launch-signature.ts';

/**
 * A production database holding the two games, as the first catalogue import leaves it (production seeds countries
 * only: games come from the catalogue, docs/deployment.md).
 */
async function databaseWithGames(): Promise<Database> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.db.insert(games).values([
    { appId: 10030, name: 'Breaking Dead' },
    { appId: 10002, name: 'Myth Wars & Puzzles' },
  ]);
  return database;
}

/** Issue 10.2: in production only the game's signed launch logs a player into a role. */
describe('launches in production', () => {
  it('refuses to start unless every game it sells for has a launch secret', async () => {
    const database = await databaseWithGames();
    try {
      await expect(buildApp(productionConfig({ GAME_LAUNCH_SECRETS: '' }), { logger: false, runJobs: false, database })).rejects.toThrow(
        new ConfigError('Invalid configuration:\n  GAME_LAUNCH_SECRETS: no launch secret for game 10030, 10002 (production accepts signed launches only)'),
      );
      await expect(
        buildApp(productionConfig({ GAME_LAUNCH_SECRETS: JSON.stringify({ 10030: 'launch-secret-of-game-10030' }) }), { logger: false, runJobs: false, database }),
      ).rejects.toThrow(/GAME_LAUNCH_SECRETS: no launch secret for game 10002\b/);
    } finally {
      await database.close();
    }
  });

  describe('with every secret', () => {
    let shop: ShopApp;
    let database: Database;
    beforeAll(async () => {
      database = await databaseWithGames();
      shop = await buildApp(productionConfig(), { logger: false, runJobs: false, database });
    });
    afterAll(async () => {
      await shop.app.close();
      await database.close();
    });

    const launch = (body: Record<string, unknown>) => shop.app.inject({ method: 'POST', url: '/api/user/inapp/quick/login', payload: body });
    const victim = { appId: 10030, roleId: '777001', serverId: '10001', accountId: 'victim-account', userLevel: 40 };

    it('refuses an unsigned launch naming any role, and one signed with another secret', async () => {
      const unsigned = await launch(victim);
      expect(unsigned.statusCode).toBe(403);
      expect(unsigned.json()).toMatchObject({ code: 403, data: null });
      const ts = Math.floor(Date.now() / 1000);
      const forged = await launch({ ...victim, ts, sign: signLaunch({ ...victim, ts }, 'a-secret-the-attacker-guessed') });
      expect(forged.statusCode).toBe(403);
    });

    it('accepts the launch the game signed', async () => {
      const ts = Math.floor(Date.now() / 1000);
      const signed = await launch({ ...victim, ts, sign: signLaunch({ ...victim, ts }, 'launch-secret-of-game-10030') });
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json().data.token).toEqual(expect.any(String));
    });
  });
});
