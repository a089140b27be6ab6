import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineRoute } from '@shop/contract/route';
import { BACKENDS, startShop, type TestShop } from '../../test/harness.ts';
import { auditLog, games } from '../db/schema.ts';
import { defineHandler } from './handler.ts';

/**
 * ADR 0045: a declared audit is written in the handler's transaction. A write that fails leaves no entry; an entry that
 * cannot be written takes the write back with it.
 */
const probeRoute = defineRoute({
  method: 'POST',
  path: '/probe/audited',
  auth: 'ops',
  summary: 'probe',
  body: z.object({ appId: z.number().int(), fail: z.enum(['none', 'write', 'audit']) }),
  data: z.object({ appId: z.number() }),
});

const probe = defineHandler(probeRoute, {
  handle: async ({ input, tx }) => {
    await tx.insert(games).values({ appId: input.body.appId, name: 'Audit probe' });
    if (input.body.fail === 'write') throw new Error('the write fails after its insert');
    return { appId: input.body.appId };
  },
  audit: {
    kind: 'transaction',
    action: 'game.create',
    entityType: 'game',
    // entity_type is NOT NULL: an entry without one cannot be written.
    describe: ({ body }) => ({ entityId: body.appId, ...(body.fail === 'audit' ? { entityType: null as unknown as string } : {}) }),
  },
});

describe.each(BACKENDS)('an audited handler (%s)', (backend) => {
  let shop: TestShop;
  let app: FastifyInstance;

  beforeAll(async () => {
    shop = await startShop(backend);
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    probe.register(app, shop.services);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await shop?.close();
  });

  const send = (appId: number, fail: 'none' | 'write' | 'audit') => app.inject({ method: 'POST', url: '/api/probe/audited', payload: { appId, fail } });
  const state = async (appId: number) => ({
    games: (await shop.services.db.select().from(games).where(eq(games.appId, appId))).length,
    entries: (await shop.services.db.select().from(auditLog).where(eq(auditLog.entityId, String(appId)))).map((entry) => [entry.action, entry.actor]),
  });

  it('writes the change and its entry together, as the caller', async () => {
    expect((await send(990_001, 'none')).statusCode).toBe(200);
    expect(await state(990_001)).toEqual({ games: 1, entries: [['game.create', 'ops-token']] });
  });

  it('writes no entry when the change rolls back', async () => {
    expect((await send(990_002, 'write')).statusCode).toBe(500);
    expect(await state(990_002)).toEqual({ games: 0, entries: [] });
  });

  it('rolls the change back when its entry cannot be written', async () => {
    expect((await send(990_003, 'audit')).statusCode).toBe(500);
    expect(await state(990_003)).toEqual({ games: 0, entries: [] });
  });
});
