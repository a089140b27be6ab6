import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { VoucherGoods } from '@shop/contract/catalog.schema';
import type { ImportReport } from '@shop/contract/console/catalogue';
import type { PayChannel } from '@shop/contract/channels.schema';
import { buildApp, type ShopApp } from '../../../app.ts';
import { freePort, type ApiAnswer, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator } from '../../../../test/console.ts';
import { demoCatalogueDocument } from '../../../../test/catalogue.ts';
import { productionConfig } from '../../../../test/production.ts';
import { signLaunch } from '../../auth/launch-signature.ts';

const BASE = '/api/console/v1/catalogue';

/** Production seeds countries only; its first catalogue load is the catalogue import (docs/deployment.md). */
describe('the first production load is the catalogue import', () => {
  let shop: ShopApp;
  let url: string;
  let console_: ReturnType<typeof asOperator>;
  const api = async <T>(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<ApiAnswer<T>> => {
    const response = await fetch(url + path, {
      method,
      headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };

  beforeAll(async () => {
    const port = await freePort();
    shop = await buildApp(productionConfig({ PORT: String(port), HOST: '127.0.0.1' }), { logger: false, runJobs: false });
    await shop.app.listen({ port, host: '127.0.0.1' });
    url = `http://127.0.0.1:${port}`;
    const testShop = { ...shop, url, api } as unknown as TestShop;
    console_ = asOperator(testShop, await loginOperator(testShop, 'admin'));
  });
  afterAll(() => shop?.app.close());

  it('starts with countries only: no games, products or channels', async () => {
    const counts = await shop.services.db.execute(sql`
      SELECT (SELECT count(*) FROM countries)::int AS countries, (SELECT count(*) FROM games)::int AS games,
             (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM pay_channels)::int AS channels`);
    expect((counts as unknown as { rows: unknown[] }).rows[0]).toEqual({ countries: expect.any(Number), games: 0, products: 0, channels: 0 });
    expect(((counts as unknown as { rows: { countries: number }[] }).rows[0]!).countries).toBeGreaterThan(200);
    expect((await api('POST', '/api/v1/voucher/list/10030')).body).toMatchObject({ code: 404, message: 'Unknown game' });
  });

  it('refuses a game whose launch secret is not configured (the next start would refuse it)', async () => {
    const document = { version: 1, games: [{ appId: 30300, name: 'Unsigned', servers: [] }], products: [], channels: [] };
    const dry = await console_<ImportReport>('POST', `${BASE}/import?dryRun=true`, { body: document });
    expect(dry.body.data.errors).toEqual([{ path: 'games[0].appId', problem: 'noLaunchSecret', params: { appId: 30300 } }]);
    expect((await console_('POST', `${BASE}/import`, { body: document })).body.code).toBe(400);
    const direct = await console_('POST', `${BASE}/games`, { body: { appId: 30300, name: 'Unsigned' } });
    expect(direct.body).toMatchObject({ code: 400, message: expect.stringMatching(/Game 30300 has no launch secret/) });
  });

  it('imports the catalogue document; players then see the vouchers and channels, and signed launches work', async () => {
    const document = demoCatalogueDocument();
    const dry = await console_<ImportReport>('POST', `${BASE}/import?dryRun=true`, { body: document });
    expect(dry.body.data).toMatchObject({ valid: true, errors: [] });
    expect(dry.body.data.summary.products.created).toBe(document.products.length);
    const real = await console_<ImportReport>('POST', `${BASE}/import`, { body: document });
    expect(real.body.data).toMatchObject({ applied: true });
    expect(real.body.data.summary.channels.created).toBe(document.channels.length);

    const packs = (await api<VoucherGoods[]>('POST', '/api/v1/voucher/list/10030', { headers: { 'accept-language': 'de' } })).body.data;
    expect(packs.map((p) => p.voucherAmount)).toEqual(expect.arrayContaining([499, 4999]));
    expect(packs.map((p) => p.id)).not.toContain(9521);
    expect(packs[0]!.productName).toBe('199 Gutscheine');
    expect((await api<PayChannel[]>('POST', '/api/v1/pay/channel/list/10030/DE')).body.data.length).toBeGreaterThan(3);
    const launch = { appId: 10030, roleId: '880001', serverId: '10001', accountId: 'prod-account', userLevel: 3 };
    const ts = Math.floor(Date.now() / 1000);
    const login = await api('POST', '/api/user/inapp/quick/login', { body: { ...launch, ts, sign: signLaunch({ ...launch, ts }, 'launch-secret-of-game-10030') } });
    expect(login.body.code, JSON.stringify(login.body)).toBe(200);
    // a second import of the same document changes nothing
    const again = await console_<ImportReport>('POST', `${BASE}/import`, { body: document });
    expect(again.body.data).toMatchObject({ created: [], updated: [] });
  });
});
