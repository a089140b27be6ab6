import Fastify, { type FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startShop, type TestShop } from '../../test/harness.ts';
import { translate } from '../i18n/messages.ts';
import { installErrorHandler } from './error-handler.ts';

/**
 * The safety net behind the contract's schemas: a value that reaches the database and is refused there as a value
 * (NUL in text, a number beyond its column, text that is not a number) answers the 400 envelope, not a 500. Real
 * statements on both backends, so the error codes are the drivers' own.
 */
describe.each(BACKENDS)('database refusals of a value (%s)', (backend) => {
  let shop: TestShop;
  let app: FastifyInstance;
  const STATEMENTS: Record<string, SQL> = {
    // 22021 on PostgreSQL (invalid byte sequence), 22P05 on PGlite's path (untranslatable character): either way 400.
    'NUL in text': sql`SELECT ${'role\u0000id'}::text AS value`,
    'NUL escape in JSON': sql`SELECT ${'{"a":"\\u0000"}'}::jsonb AS value`,
    'beyond int4': sql`SELECT ${'2147483648'}::int4 AS value`,
    'not a number': sql`SELECT ${'12abc'}::int4 AS value`,
    // Not a value the client sent: stays a 500.
    'a bug in the statement': sql`SELECT * FROM no_such_table`,
  };

  beforeAll(async () => {
    shop = await startShop(backend);
    app = Fastify();
    app.decorateRequest('language', 'en');
    installErrorHandler(app);
    app.addHook('onRequest', async (request) => {
      request.language = request.headers['accept-language'] === 'de' ? 'de' : 'en';
    });
    app.get('/query/:name', async (request) => {
      await shop.services.db.execute(STATEMENTS[(request.params as { name: string }).name]!);
      return { code: 200, message: 'ok', data: null };
    });
  });
  afterAll(async () => {
    await app.close();
    await shop.close();
  });

  it.each(['NUL in text', 'NUL escape in JSON', 'beyond int4', 'not a number'])('%s answers 400 with the envelope', async (name) => {
    const answer = await app.inject({ method: 'GET', url: `/query/${encodeURIComponent(name)}`, headers: { 'accept-language': 'de' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ code: 400, message: translate('de', 'invalidValue'), data: null });
  });

  it('any other database error stays a 500', async () => {
    const answer = await app.inject({ method: 'GET', url: `/query/${encodeURIComponent('a bug in the statement')}` });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ code: 500, data: null });
  });
});
