import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { VoucherGoods } from '@shop/contract/catalog.schema';
import { channelKey, type CatalogueDocumentInput, type ImportIssue, type ImportReport, type MediaView, type ProductView } from '@shop/contract/console/catalogue';
import type { PayChannel } from '@shop/contract/channels.schema';
import type { ShopProduct } from '@shop/contract/products.schema';
import { buildApp, type ShopApp } from '../../../app.ts';
import { CATALOGUE_CACHE_MS } from '../../catalog/catalog.service.ts';
import { seedDatabase } from '../../../db/seed.ts';
import { games, products } from '../../../db/schema.ts';
import { BACKENDS, startShop, testConfig, freePort, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator, type TestOperator } from '../../../../test/console.ts';
import { allLanguages, auditOf, catalogueState, expectCatalogueRefused, TINY_PNG } from '../../../../test/catalogue.ts';

const BASE = '/api/console/v1/catalogue';
type Document = CatalogueDocumentInput & { exportedAt: string };

describe.each(BACKENDS)('catalogue export and import (%s)', (backend) => {
  let shop: TestShop;
  let admin: TestOperator;
  let asAdmin: ReturnType<typeof asOperator>;
  const exportAll = async (query = '') => {
    const answer = await asAdmin<Document>('GET', `${BASE}/export${query}`);
    expect(answer.body.code, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    return answer.body.data;
  };
  const importDoc = (document: unknown, dryRun: boolean) => asAdmin<ImportReport>('POST', `${BASE}/import?dryRun=${dryRun}`, { body: document });

  beforeAll(async () => {
    shop = await startShop(backend);
    admin = await loginOperator(shop, 'admin');
    asAdmin = asOperator(shop, admin);
  });
  afterAll(() => shop?.close());

  it('exports the whole catalogue as one document, which imports back unchanged', async () => {
    const document = await exportAll();
    expect(document.version).toBe(1);
    expect(document.games.map((g) => g.appId)).toEqual([10002, 10030]);
    expect(document.games[1]!.servers).toHaveLength(6);
    expect(document.products.find((p) => p.id === 1002)).toMatchObject({ appId: 10030, goodsType: 5, voucherAmount: 499, config: { vipDays: 30 }, currency: 'USD' });
    expect(document.products.map((p) => p.id)).toContain(9521);
    expect(document.channels.length).toBeGreaterThan(100);
    expect(document.media).toEqual([]);
    const one = await exportAll('?appId=10002');
    expect(one.games.map((g) => g.appId)).toEqual([10002]);
    expect(one.products.every((p) => p.appId === 10002)).toBe(true);

    const before = await catalogueState(shop);
    const dry = await importDoc(document, true);
    expect(dry.body.data).toMatchObject({ dryRun: true, valid: true, applied: false, errors: [], created: [], updated: [] });
    expect(dry.body.data.summary.products).toEqual({ created: 0, updated: 0, unchanged: document.products.length });
    expect(dry.body.data.summary.channels.unchanged).toBe(document.channels.length);
    const real = await importDoc(document, false);
    expect(real.body.data).toMatchObject({ dryRun: false, valid: true, applied: true, created: [], updated: [] });
    // nothing changed but the one summary entry in the audit log
    const after = JSON.parse(await catalogueState(shop));
    expect({ ...after, audit: undefined }).toEqual({ ...JSON.parse(before), audit: undefined });
    expect(Number(after.audit)).toBe(Number(JSON.parse(before).audit) + 1);
  });

  it('answers a dry run with what would be created and updated, then imports it all in one transaction, audited', async () => {
    const document = await exportAll();
    const png = await asAdmin<MediaView>('POST', `${BASE}/media`, { body: { data: TINY_PNG.toString('base64') } });
    const changed: Document = {
      ...document,
      games: [...document.games.map((g) => (g.appId === 10002 ? { ...g, name: 'Myth Wars & Puzzles HD' } : g)), { appId: 30100, name: 'Imported Game', servers: [{ serverId: '1', serverName: 'S1' }] }],
      products: [
        ...document.products.map((p) => (p.id === 2003 ? { ...p, priceMinor: 1099, discountPriceMinor: 1099 } : p)),
        {
          id: 30101,
          appId: 30100,
          goodsType: 5,
          productSn: 'IG-VC-500',
          names: allLanguages('500 vouchers'),
          priceMinor: 500,
          discountPriceMinor: 450,
          currency: 'USD',
          voucherAmount: 500,
          config: { diamond: 600 },
          thumbnail: png.body.data.url,
        },
      ],
      channels: [
        ...document.channels,
        { appId: 30100, regionCode: '*', payMethodName: 'PayPal', payMethodId: 'PAYPAL', thirdChannelId: 'paypal-main', thirdChannelName: 'paypal', payIcon: '/pay/paypal.svg', hiddenOnDevices: ['ios'] },
      ],
    };
    const before = await catalogueState(shop);
    const dry = await importDoc(changed, true);
    expect(dry.body.data).toMatchObject({ valid: true, applied: false, errors: [] });
    expect(dry.body.data.summary).toMatchObject({
      games: { created: 1, updated: 1 },
      servers: { created: 1, updated: 0 },
      products: { created: 1, updated: 1 },
      channels: { created: 1, updated: 0 },
    });
    expect(dry.body.data.created).toEqual(['game 30100', 'server 30100/1', 'product 30101', 'channel 30100/*/PAYPAL/paypal-main']);
    expect(dry.body.data.updated).toEqual(['game 10002', 'product 2003']);
    expect(await catalogueState(shop)).toBe(before);

    const real = await importDoc(changed, false);
    expect(real.body.data).toMatchObject({ applied: true, created: dry.body.data.created, updated: dry.body.data.updated });
    expect((await asAdmin<ProductView>('GET', `${BASE}/products/30101`)).body.data).toMatchObject({ categoryId: 30, missingNames: [], thumbnail: png.body.data.url });
    const imported = (await auditOf(shop, 'product', 2003)).at(-1) as { before: { version: number }; after: { version: number } };
    expect(imported).toMatchObject({ action: 'product.update', before: { priceMinor: 999 }, after: { priceMinor: 1099, version: imported.before.version + 1 } });
    expect((await asAdmin<ProductView>('GET', `${BASE}/products/2003`)).body.data.version).toBe(imported.after.version);
    expect((await auditOf(shop, 'game', 30100))[0]).toMatchObject({ action: 'game.create', actor: admin.email });
    expect((await auditOf(shop, 'catalogue', 'import')).at(-1)).toMatchObject({ action: 'catalogue.import', after: { created: dry.body.data.created } });
    // the players see it at once on this instance
    const packs = (await shop.api<VoucherGoods[]>('POST', '/api/v1/voucher/list/30100')).body.data;
    expect(packs).toMatchObject([{ id: 30101, productName: '500 vouchers (en)', productDiscountPrice: 4.5 }]);
    expect((await shop.api<VoucherGoods[]>('POST', '/api/v1/voucher/list/10002')).body.data.find((p) => p.id === 2003)!.productPrice).toBe(10.99);
  });

  it('moves uploaded images with the document to another environment', async () => {
    const document = await exportAll('?appId=30100');
    expect(document.media).toHaveLength(1);
    expect(Buffer.from(document.media![0]!.base64, 'base64').equals(TINY_PNG)).toBe(true);
    const other = await startShop(backend);
    try {
      const otherAdmin = asOperator(other, await loginOperator(other, 'admin'));
      const report = await otherAdmin<ImportReport>('POST', `${BASE}/import?dryRun=false`, { body: document });
      expect(report.body.data.summary.media).toEqual({ created: 1, updated: 0, unchanged: 0 });
      const image = await fetch(`${other.url}${document.products[0]!.thumbnail}`);
      expect(image.status).toBe(200);
      // without the image the reference is refused
      const third = await startShop(backend);
      try {
        const thirdAdmin = asOperator(third, await loginOperator(third, 'admin'));
        const refused = await thirdAdmin<ImportReport>('POST', `${BASE}/import?dryRun=true`, { body: { ...document, media: [] } });
        expect(refused.body.data.errors).toEqual([{ path: 'products[0].thumbnail', problem: 'missingImage', params: { media: document.media![0]!.id } }]);
        const forged = await thirdAdmin<ImportReport>('POST', `${BASE}/import?dryRun=true`, {
          body: { ...document, media: [{ ...document.media![0]!, base64: Buffer.from('<svg/>').toString('base64') }] },
        });
        expect(forged.body.data.errors).toContainEqual({ path: 'media[0]', problem: 'badMedia', params: { maxKb: 512 } });
      } finally {
        await third.close();
      }
    } finally {
      await other.close();
    }
  });

  it('refuses a document with problems clearly: every problem in a dry run, 400 and nothing changed otherwise', async () => {
    const document = await exportAll();
    const product = document.products.find((p) => p.id === 1001)!;
    const bad: [string, unknown, ImportIssue][] = [
      ['an unknown top-level field', { ...document, extra: true }, { path: 'extra', problem: 'unknownField', params: {} }],
      ['an unknown product field', { ...document, products: [{ ...product, colour: 'red' }] }, { path: 'products[0].colour', problem: 'unknownField', params: {} }],
      ['a duplicate product id', { ...document, products: [product, { ...product, productSn: 'OTHER-SN' }] }, { path: 'products[1].id', problem: 'duplicate', params: { value: 1001, first: 0 } }],
      ['a duplicate productSn', { ...document, products: [product, { ...product, id: 30555 }] }, { path: 'products[1].productSn', problem: 'duplicate', params: { value: product.productSn, first: 0 } }],
      ['a duplicate game', { ...document, games: [...document.games, document.games[0]] }, { path: `games[${document.games.length}].appId`, problem: 'duplicate', params: { value: 10002, first: 0 } }],
      [
        'a duplicate channel',
        { ...document, channels: [...document.channels, document.channels[0]] },
        { path: `channels[${document.channels.length}]`, problem: 'duplicate', params: { value: channelKey(document.channels[0]!), first: 0 } },
      ],
      ['no English name', { ...document, products: [{ ...product, names: { de: 'Nur Deutsch' } }] }, { path: 'products[0].names', problem: 'productEnglishNameRequired', params: {} }],
      ['a price below zero', { ...document, products: [{ ...product, priceMinor: -1 }] }, { path: 'products[0].priceMinor', problem: 'productPriceBelowZero', params: {} }],
      ['a discount above the price', { ...document, products: [{ ...product, discountPriceMinor: 100_000 }] }, { path: 'products[0].discountPriceMinor', problem: 'productDiscountAbovePrice', params: {} }],
      ['a product of an unknown game', { ...document, products: [{ ...product, id: 30777, productSn: 'GHOST-1', appId: 40404 }] }, { path: 'products[0].appId', problem: 'unknownGame', params: { appId: 40404 } }],
      ['a channel of an unknown game', { ...document, channels: [{ ...document.channels[0]!, appId: 40404 }] }, { path: 'channels[0].appId', problem: 'unknownGame', params: { appId: 40404 } }],
      ['a productSn of another product', { ...document, products: [{ ...product, id: 30778 }] }, { path: 'products[0].productSn', problem: 'productSnTaken', params: { productSn: product.productSn, product: 1001 } }],
      ['a product moved to another type', { ...document, products: [{ ...product, goodsType: 1, voucherAmount: 0 }] }, { path: 'products[0]', problem: 'productMoved', params: { product: 1001, goodsType: 5, appId: 10030 } }],
      ['a wrong version', { ...document, version: 2 }, { path: 'version', problem: 'notAllowed', params: { allowed: '1' } }],
      ['no games', { ...document, games: undefined }, { path: 'games', problem: 'required', params: {} }],
      ['a string price', { ...document, products: [{ ...product, priceMinor: '199' }] }, { path: 'products[0].priceMinor', problem: 'wrongType', params: { expected: 'number' } }],
      ['a fractional sort', { ...document, products: [{ ...product, sort: 1.5 }] }, { path: 'products[0].sort', problem: 'wrongType', params: { expected: 'int' } }],
      ['an unknown goods type', { ...document, products: [{ ...product, goodsType: 9 }] }, { path: 'products[0].goodsType', problem: 'notAllowed', params: { allowed: '1, 2, 3, 4, 5' } }],
      ['a NUL in a name', { ...document, games: [{ ...document.games[0]!, name: 'a\u0000b' }] }, { path: 'games[0].name', problem: 'controlCharacters', params: {} }],
      ['an empty game name', { ...document, games: [{ ...document.games[0]!, name: ' ' }] }, { path: 'games[0].name', problem: 'empty', params: {} }],
      ['a name too long', { ...document, products: [{ ...product, names: { en: 'x'.repeat(201) } }] }, { path: 'products[0].names.en', problem: 'tooLong', params: { maximum: 200 } }],
      ['a sort too big', { ...document, products: [{ ...product, sort: 2_000_000 }] }, { path: 'products[0].sort', problem: 'tooBig', params: { maximum: 1_000_000 } }],
      ['a product id of zero', { ...document, products: [{ ...product, id: 0 }] }, { path: 'products[0].id', problem: 'notAbove', params: { minimum: 0 } }],
      ['a bad productSn', { ...document, products: [{ ...product, productSn: 'BD VC 199' }] }, { path: 'products[0].productSn', problem: 'codeCharacters', params: {} }],
      ['an unknown currency', { ...document, products: [{ ...product, currency: 'QQQ' }] }, { path: 'products[0].currency', problem: 'unknownCurrency', params: {} }],
      ['a bad sale start', { ...document, products: [{ ...product, saleStartsAt: 'tomorrow' }] }, { path: 'products[0].saleStartsAt', problem: 'notDateTime', params: {} }],
      ['a channel hidden twice on iOS', { ...document, channels: [{ ...document.channels[0]!, hiddenOnDevices: ['ios', 'ios'] }] }, { path: 'channels[0].hiddenOnDevices', problem: 'repeatedDevice', params: {} }],
    ];
    for (const [what, body, problem] of bad) {
      const before = await catalogueState(shop);
      const dry = await importDoc(body, true);
      expect(dry.body.code, what).toBe(200);
      expect(dry.body.data.valid, what).toBe(false);
      expect(dry.body.data.errors, what).toContainEqual(problem);
      const refused = await expectCatalogueRefused(shop, 400, () => importDoc(body, false), /refused and nothing was changed/);
      expect(refused.body.message, what).toContain(`First: ${dry.body.data.errors[0]!.path}`);
      expect(await catalogueState(shop), what).toBe(before);
    }
    for (const body of [null, [], 'catalogue', 42, {}]) {
      expect((await importDoc(body, true)).body.data.valid).toBe(false);
      await expectCatalogueRefused(shop, 400, () => importDoc(body, false));
    }
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/import`, { rawBody: '{"version":1,' }));
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/import?dryRun=maybe`, { body: document }));
  });

  it("answers problems as codes in any language, and the refusal in the caller's language (English, Chinese)", async () => {
    const document = await exportAll();
    const product = document.products.find((p) => p.id === 1001)!;
    const body = { ...document, colour: 'red', products: [{ ...product, names: { de: 'Nur Deutsch' } }] };
    const send = (language: string, dryRun: boolean) =>
      asAdmin<ImportReport>('POST', `${BASE}/import?dryRun=${dryRun}`, { body, headers: { 'accept-language': language } });
    const problems = [
      { path: 'colour', problem: 'unknownField', params: {} },
      { path: 'products[0].names', problem: 'productEnglishNameRequired', params: {} },
    ];
    for (const language of ['en', 'zh-CN,zh;q=0.9']) expect((await send(language, true)).body.data.errors).toEqual(problems);
    await expectCatalogueRefused(shop, 400, () => send('en', false), 'The catalogue was refused and nothing was changed (2 problems). First: colour');
    await expectCatalogueRefused(shop, 400, () => send('zh-CN,zh;q=0.9', false), '目录被拒绝，未做任何更改（共 2 个问题）。第一个：colour');
  });

  it('imports all or nothing: a failure while writing the last row leaves none of the others', async () => {
    const document = await exportAll();
    // a fault injected into the database: the channel the import writes last is refused by a trigger
    await shop.services.db.execute(sql`CREATE FUNCTION refuse_test_channel() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.pay_method_id = 'FAULT' THEN RAISE EXCEPTION 'injected fault'; END IF; RETURN NEW; END; $$`);
    await shop.services.db.execute(sql`CREATE TRIGGER refuse_test_channel BEFORE INSERT ON pay_channels FOR EACH ROW EXECUTE FUNCTION refuse_test_channel()`);
    try {
      const before = await catalogueState(shop);
      const faulty = {
        ...document,
        games: [...document.games, { appId: 30999, name: 'Never', servers: [{ serverId: '1', serverName: 'S1' }] }],
        products: document.products.map((p) => (p.id === 1002 ? { ...p, sort: 999 } : p)),
        channels: [...document.channels, { appId: 30999, regionCode: 'US', payMethodName: 'Fault', payMethodId: 'FAULT', thirdChannelId: 'x', thirdChannelName: 'xsolla', payIcon: '/pay/card.svg' }],
      };
      expect((await importDoc(faulty, true)).body.data.valid).toBe(true);
      const answer = await importDoc(faulty, false);
      expect(answer.status).toBe(500);
      expect(await catalogueState(shop)).toBe(before);
      expect(await shop.services.db.select().from(games).where(eq(games.appId, 30999))).toEqual([]);
    } finally {
      await shop.services.db.execute(sql`DROP TRIGGER refuse_test_channel ON pay_channels`);
      await shop.services.db.execute(sql`DROP FUNCTION refuse_test_channel()`);
    }
  });

  it('is refused to support and finance (403) and without a session (401)', async () => {
    const document = await exportAll();
    for (const role of ['support', 'finance'] as const) {
      const operator = asOperator(shop, await loginOperator(shop, role));
      await expectCatalogueRefused(shop, 403, () => operator('POST', `${BASE}/import?dryRun=true`, { body: document }));
      expect((await operator('GET', `${BASE}/export`)).body.code).toBe(200);
    }
    await expectCatalogueRefused(shop, 401, () => shop.api('POST', `${BASE}/import?dryRun=true`, { body: document }));
  });

  it('keeps console edits over a restart: the demo catalogue only inserts what is missing', async () => {
    await asAdmin('POST', `${BASE}/products/1011`, { body: { priceMinor: 77, discountPriceMinor: 77, names: { en: 'Edited gems' } } });
    await asAdmin('POST', `${BASE}/games/10030`, { body: { name: 'Breaking Dead (edited)' } });
    await asAdmin('POST', `${BASE}/games/10030/servers/3`, { body: { serverName: 'S3 - Edited', enabled: false } });
    await shop.services.db.delete(products).where(eq(products.id, 2042)).catch(() => undefined);
    await seedDatabase(shop.services.db, { catalogue: true });
    const [gems] = await shop.services.db.select().from(products).where(eq(products.id, 1011));
    expect(gems).toMatchObject({ priceMinor: 77, names: { en: 'Edited gems' } });
    const [game] = await shop.services.db.select().from(games).where(eq(games.appId, 10030));
    expect(game!.name).toBe('Breaking Dead (edited)');
    const servers = await shop.services.db.execute(sql`SELECT server_name, enabled FROM game_servers WHERE app_id = 10030 AND server_id = '3'`);
    expect((servers as unknown as { rows: unknown[] }).rows).toEqual([{ server_name: 'S3 - Edited', enabled: false }]);
  });
});

describe('a change reaches every instance within the catalogue cache lifetime', () => {
  let shop: TestShop;
  let second: ShopApp;
  let secondUrl: string;
  beforeAll(async () => {
    shop = await startShop('pglite');
    // a second instance on the same database, with caches of its own
    const port = await freePort();
    second = await buildApp(testConfig(port), { logger: false, runJobs: false, database: shop.services.database });
    await second.app.listen({ port, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await second?.app.close();
    await shop?.close();
  });

  it('shows the edit on the second instance after at most CATALOGUE_CACHE_MS', { timeout: 60_000 }, async () => {
    const post = async <T>(path: string, body?: unknown, headers: Record<string, string> = {}) =>
      ((await (await fetch(secondUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body ?? {}) })).json()) as { data: T }).data;
    const voucherName = async () => (await post<VoucherGoods[]>('/api/v1/voucher/list/10030')).find((p) => p.id === 1001)!.productName;
    const gemPrice = async () => (await post<ShopProduct[]>('/api/v1/product/list', { appId: 10030, goodsType: 1 })).find((p) => p.id === 1011)!.priceMinor;
    const channels = async () => (await post<PayChannel[]>('/api/v1/pay/channel/list/10030/US')).map((c) => c.payMethodId);
    // the second instance has read (and cached) the catalogue
    expect(await voucherName()).toBe('199 Vouchers');
    expect(await gemPrice()).toBe(99);
    expect(await channels()).toContain('VENMO');

    const admin = asOperator(shop, await loginOperator(shop, 'admin'));
    const venmo = (await admin<{ id: number; payMethodId: string }[]>('GET', `${BASE}/channels?appId=10030&regionCode=US`)).body.data.find((c) => c.payMethodId === 'VENMO')!;
    const changedAt = Date.now();
    await admin('POST', `${BASE}/products/1001`, { body: { names: { en: 'Starter vouchers' } } });
    await admin('POST', `${BASE}/products/1011`, { body: { priceMinor: 129, discountPriceMinor: 119 } });
    await admin('POST', `${BASE}/channels/${venmo.id}`, { body: { enabled: false } });
    await admin('POST', `${BASE}/games`, { body: { appId: 30200, name: 'Late Game' } });
    // the first instance shows it at once
    expect((await shop.api<VoucherGoods[]>('POST', '/api/v1/voucher/list/10030')).body.data.find((p) => p.id === 1001)!.productName).toBe('Starter vouchers');

    // the second one within the cache's lifetime (the voucher list was cached before the change)
    let seen = 0;
    while (Date.now() - changedAt < CATALOGUE_CACHE_MS + 3000) {
      if ((await voucherName()) === 'Starter vouchers' && (await gemPrice()) === 129 && !(await channels()).includes('VENMO') && (await post<unknown[] | null>('/api/v1/voucher/list/30200')) !== null) {
        seen = Date.now() - changedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(seen, 'visible on the second instance').toBeGreaterThan(0);
    expect(seen).toBeLessThanOrEqual(CATALOGUE_CACHE_MS + 1000);
  });
});
