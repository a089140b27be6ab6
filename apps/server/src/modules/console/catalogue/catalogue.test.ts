import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { VoucherGoods } from '@shop/contract/catalog.schema';
import type { PayChannel } from '@shop/contract/channels.schema';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { ChannelView, GameServerView, GameView, MediaView, ProductView } from '@shop/contract/console/catalogue';
import type { ProductDetail, ReceiveResult, ShopProduct } from '@shop/contract/products.schema';
import type { GameServerRole } from '@shop/contract/roles.schema';
import { BACKENDS, startShop, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator, type TestOperator } from '../../../../test/console.ts';
import { auditOf, catalogueState, expectCatalogueRefused, TINY_PNG } from '../../../../test/catalogue.ts';
import { bind, freshGameAccount, playerWithRole } from '../../../../test/game.ts';
import { channelOf, newPlayer, orderBody, vouchers } from '../../../../test/shopping.ts';
import { mediaFiles, products } from '../../../db/schema.ts';

const BASE = '/api/console/v1/catalogue';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';

const voucherPack = (productSn: string, extra: Record<string, unknown> = {}) => ({
  appId: 10030,
  goodsType: 5,
  productSn,
  names: { en: `${productSn} vouchers`, de: `${productSn} Gutscheine` },
  descs: { en: 'Adds vouchers to your balance.' },
  priceMinor: 1234,
  discountPriceMinor: 1234,
  currency: 'USD',
  voucherAmount: 1234,
  config: { diamond: 1400 },
  ...extra,
});

describe.each(BACKENDS)('console catalogue (%s)', (backend) => {
  let shop: TestShop;
  let admin: TestOperator;
  let support: TestOperator;
  let finance: TestOperator;
  let asAdmin: ReturnType<typeof asOperator>;

  beforeAll(async () => {
    shop = await startShop(backend);
    [admin, support, finance] = await Promise.all([loginOperator(shop, 'admin'), loginOperator(shop, 'support'), loginOperator(shop, 'finance')]);
    asAdmin = asOperator(shop, admin);
  });
  afterAll(() => shop?.close());

  it('refuses every route without a session (401), and every change to support and finance (403), who may read', async () => {
    const reads = [`${BASE}/games`, `${BASE}/games/10030/servers`, `${BASE}/products`, `${BASE}/products/1001`, `${BASE}/channels?appId=10030`, `${BASE}/export`];
    const writes: [string, unknown][] = [
      [`${BASE}/games`, { appId: 30001, name: 'Nope' }],
      [`${BASE}/games/10030`, { name: 'Nope' }],
      [`${BASE}/games/10030/servers`, { serverId: '99', serverName: 'Nope' }],
      [`${BASE}/games/10030/servers/1`, { enabled: false }],
      [`${BASE}/products`, voucherPack('NOPE-1')],
      [`${BASE}/products/1001`, { priceMinor: 1 }],
      [`${BASE}/channels`, { appId: 10030, regionCode: 'US', payMethodName: 'X', payMethodId: 'X', thirdChannelId: 'x', thirdChannelName: 'xsolla', payIcon: '/pay/card.svg' }],
      [`${BASE}/channels/1`, { enabled: false }],
      [`${BASE}/media`, { data: TINY_PNG.toString('base64') }],
      [`${BASE}/import?dryRun=true`, { version: 1, games: [], products: [], channels: [] }],
    ];
    for (const path of reads) {
      await expectCatalogueRefused(shop, 401, () => shop.api('GET', path));
      for (const reader of [support, finance]) expect((await asOperator(shop, reader)('GET', path)).body.code, path).toBe(200);
    }
    for (const [path, body] of writes) {
      await expectCatalogueRefused(shop, 401, () => shop.api('POST', path, { body }));
      for (const operator of [support, finance]) await expectCatalogueRefused(shop, 403, () => asOperator(shop, operator)('POST', path, { body }), /role does not allow/);
    }
  });

  it('lists, creates and renames games with an audit entry; refuses a duplicate and bad input without a change', async () => {
    const list = await asAdmin<GameView[]>('GET', `${BASE}/games`);
    expect(list.body.data.map((g) => g.appId)).toEqual([10002, 10030]);
    expect(list.body.data.find((g) => g.appId === 10030)).toMatchObject({ name: 'Breaking Dead', serverCount: 6 });
    expect(list.body.data.find((g) => g.appId === 10030)!.productCount).toBeGreaterThan(10);

    const created = await asAdmin<GameView>('POST', `${BASE}/games`, { body: { appId: 30001, name: '  Star Drift  ' } });
    expect(created.body.data).toEqual({ appId: 30001, name: 'Star Drift', banner: null, icon: null, serverCount: 0, productCount: 0, channelCount: 0 });
    expect(await auditOf(shop, 'game', 30001)).toMatchObject([{ action: 'game.create', actor: admin.email, before: null, after: { appId: 30001, name: 'Star Drift' } }]);
    const renamed = await asAdmin<GameView>('POST', `${BASE}/games/30001`, { body: { name: 'Star Drift II' } });
    expect(renamed.body.data.name).toBe('Star Drift II');
    expect((await auditOf(shop, 'game', 30001))[1]).toMatchObject({ action: 'game.rename', before: { name: 'Star Drift' }, after: { name: 'Star Drift II' } });
    // the players' side knows the new game at once on this instance
    expect((await shop.api('POST', '/api/v1/voucher/list/30001')).body).toMatchObject({ code: 200, data: [] });

    await expectCatalogueRefused(shop, 409, () => asAdmin('POST', `${BASE}/games`, { body: { appId: 10030, name: 'Again' } }), /already exists/);
    await expectCatalogueRefused(shop, 404, () => asAdmin('POST', `${BASE}/games/40404`, { body: { name: 'Ghost' } }), /Unknown game/);
    for (const body of [
      { appId: 30002, name: '' },
      { appId: 30002, name: 'x'.repeat(101) },
      { appId: 30002, name: 'bad\u0000name' },
      { appId: 2_147_483_648, name: 'Huge' },
      { appId: -1, name: 'Negative' },
      { appId: '30002', name: 'Wrong type' },
      { appId: 30002, name: 'Extra', extra: true },
      {},
    ]) {
      await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/games`, { body }));
    }
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/games/abc`, { body: { name: 'x' } }));
  });

  it('manages servers: create, rename, sort, disable; a disabled server is not offered for binding and binding on it is refused', async () => {
    const servers = await asAdmin<GameServerView[]>('GET', `${BASE}/games/10030/servers`);
    expect(servers.body.data.map((s) => s.serverId)).toEqual(['1', '2', '3', '4', '5', '10001']);
    const created = await asAdmin<GameServerView>('POST', `${BASE}/games/10030/servers`, { body: { serverId: '6', serverName: 'S6 - Harbor', sort: 65 } });
    expect(created.body.data).toEqual({ appId: 10030, serverId: '6', serverName: 'S6 - Harbor', enabled: true, sort: 65 });
    await expectCatalogueRefused(shop, 409, () => asAdmin('POST', `${BASE}/games/10030/servers`, { body: { serverId: '6', serverName: 'Twice' } }));
    await expectCatalogueRefused(shop, 404, () => asAdmin('POST', `${BASE}/games/40404/servers`, { body: { serverId: '1', serverName: 'Ghost' } }));
    await expectCatalogueRefused(shop, 404, () => asAdmin('POST', `${BASE}/games/10030/servers/77`, { body: { enabled: false } }));
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/games/10030/servers`, { body: { serverId: 'a b', serverName: 'Space' } }));
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/games/10030/servers/6`, { body: { sort: 10_000_000 } }));
    // an empty change changes nothing and writes no audit entry
    expect((await asAdmin<GameServerView>('POST', `${BASE}/games/10030/servers/6`, { body: {} })).body.data).toEqual(created.body.data);
    expect(await auditOf(shop, 'server', '10030/6')).toMatchObject([{ action: 'server.create' }]);

    // a game ID with roles on servers 1 and 2; server 2 is closed by an operator
    const player = await newPlayer(shop);
    const { gameId, roles } = await freshGameAccount(shop, 10030, 2);
    const lookup = async () => (await shop.api<GameServerRole[]>('POST', '/api/v1/role/lookup', { token: player.token, body: { appId: 10030, gameId } })).body.data;
    expect((await lookup()).map((r) => r.serverId)).toEqual(['1', '2']);
    const disabled = await asAdmin<GameServerView>('POST', `${BASE}/games/10030/servers/2`, { body: { enabled: false, serverName: 'S2 - Outpost (closed)' } });
    expect(disabled.body.data).toMatchObject({ enabled: false, serverName: 'S2 - Outpost (closed)' });
    expect(await auditOf(shop, 'server', '10030/2')).toMatchObject([{ action: 'server.update', before: { enabled: true }, after: { enabled: false } }]);
    expect((await lookup()).map((r) => r.serverId)).toEqual(['1']);
    const refused = await bind(shop, player, 10030, gameId, roles[1]!);
    expect(refused.body).toMatchObject({ code: 400, message: 'This server is closed: its roles cannot be bound' });
    expect((await bind(shop, player, 10030, gameId, roles[0]!)).body.code).toBe(200);
    await asAdmin('POST', `${BASE}/games/10030/servers/2`, { body: { enabled: true, serverName: 'S2 - Outpost' } });
    expect((await lookup()).map((r) => r.serverId)).toEqual(['1', '2']);
  });

  it('lists products with filters, the completeness marker and product 9521 marked excluded', async () => {
    const page = await asAdmin<{ items: ProductView[]; total: number }>('GET', `${BASE}/products?appId=10030&goodsType=5&pageSize=3`);
    expect(page.body.data.total).toBeGreaterThanOrEqual(7);
    expect(page.body.data.items).toHaveLength(3);
    expect(page.body.data.items.every((p) => p.appId === 10030 && p.goodsType === 5)).toBe(true);
    expect(page.body.data.items[0]).toMatchObject({ id: 1001, missingNames: [], onSale: true, excluded: false, currency: 'USD' });
    const second = await asAdmin<{ items: ProductView[] }>('GET', `${BASE}/products?appId=10030&goodsType=5&pageSize=3&page=2`);
    expect(second.body.data.items[0]!.id).not.toBe(page.body.data.items[0]!.id);

    const excluded = await asAdmin<ProductView>('GET', `${BASE}/products/9521`);
    expect(excluded.body.data).toMatchObject({ id: 9521, excluded: true, onSale: false });
    const bySn = await asAdmin<{ items: ProductView[] }>('GET', `${BASE}/products?text=BD-VC-499`);
    expect(bySn.body.data.items.map((p) => p.id)).toEqual([1002, 1006]); // BD-VC-499 and BD-VC-4999
    const byName = await asAdmin<{ items: ProductView[] }>('GET', `${BASE}/products?text=Gutscheine&appId=10002`);
    expect(byName.body.data.items.length).toBeGreaterThan(0);
    expect((await asAdmin<{ items: ProductView[] }>('GET', `${BASE}/products?text=1013`)).body.data.items.map((p) => p.id)).toEqual([1013]);
    expect((await asAdmin<{ items: ProductView[] }>('GET', `${BASE}/products?text=50%25_`)).body.data.items).toEqual([]);
    expect((await asAdmin<{ total: number }>('GET', `${BASE}/products?status=off`)).body.data.total).toBe(0);
    expect((await asAdmin('GET', `${BASE}/products/999999`)).body).toMatchObject({ code: 404, message: 'Product not found' });
    for (const query of ['goodsType=6', 'status=maybe', 'pageSize=1000', 'page=0', 'appId=2147483648', `text=${'x'.repeat(101)}`, 'text=%00']) {
      expect((await asAdmin('GET', `${BASE}/products?${query}`)).body.code, query).toBe(400);
    }
  });

  it('creates a voucher pack with a German name that a player sees in German and buys; audited', async () => {
    const created = await asAdmin<ProductView>('POST', `${BASE}/products`, {
      body: voucherPack('BD-VC-CONSOLE', { names: { en: 'Console pack', de: 'Konsolenpaket' }, priceMinor: 1500, discountPriceMinor: 1299 }),
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const product = created.body.data;
    expect(product).toMatchObject({
      appId: 10030,
      goodsType: 5,
      categoryId: 30,
      thumbnail: '/goods/voucher-499.svg',
      hidden: false,
      onSale: true,
      voucherAmount: 1234,
      config: { diamond: 1400 },
    });
    expect(product.id).toBeGreaterThan(9521);
    expect(product.missingNames).toHaveLength(20);
    expect(product.missingNames).not.toContain('de');
    expect(await auditOf(shop, 'product', product.id)).toMatchObject([{ action: 'product.create', actor: admin.email, before: null, after: { productSn: 'BD-VC-CONSOLE' } }]);

    const german = (await shop.api<VoucherGoods[]>('POST', '/api/v1/voucher/list/10030', { headers: { 'accept-language': 'de' } })).body.data;
    const pack = german.find((p) => p.id === product.id)!;
    expect(pack).toMatchObject({ productName: 'Konsolenpaket', productPrice: 15, productDiscountPrice: 12.99, voucherAmount: 1234 });
    const french = (await shop.api<VoucherGoods[]>('POST', '/api/v1/voucher/list/10030', { headers: { 'accept-language': 'fr' } })).body.data;
    expect(french.find((p) => p.id === product.id)!.productName).toBe('Console pack');

    const player = await newPlayer(shop);
    const order = await shop.api<CreateOrderResult>('POST', '/api/v1/voucher/create/order', {
      token: player.token,
      body: orderBody(player, pack, await channelOf(shop, 'paypal')),
    });
    expect(order.body.code, JSON.stringify(order.body)).toBe(200);
    expect(order.body.data).toMatchObject({ totalAmount: 12.99, currency: 'USD' });
  });

  it('creates gems, a VIP pass, another item and a free gift: each lands in its category of the shop, with its contents and picture', async () => {
    const made: [string, Record<string, unknown>, { categoryId: number; thumbnail: string; config: Record<string, unknown> }][] = [
      ['gems', { goodsType: 1, priceMinor: 999, discountPriceMinor: 899, config: { diamond: 1200 } }, { categoryId: 17, thumbnail: '/goods/gems-1.svg', config: { diamond: 1200 } }],
      ['vip', { goodsType: 2, priceMinor: 1999, discountPriceMinor: 1999, config: { vipDays: 90 } }, { categoryId: 15, thumbnail: '/goods/vip-30.svg', config: { vipDays: 90 } }],
      ['other', { goodsType: 3, priceMinor: 299, discountPriceMinor: 199, config: { items: [{ itemId: 100003, count: 5 }] }, thumbnail: '/goods/crate.svg', sort: -5 }, { categoryId: 20, thumbnail: '/goods/crate.svg', config: { items: [{ itemId: 100003, count: 5 }] } }],
      ['gift', { goodsType: 4, priceMinor: 0, discountPriceMinor: 0, claimLimit: 100, config: { items: [{ itemId: 100001, count: 1 }] } }, { categoryId: 1, thumbnail: '/goods/gift-welcome.svg', config: { items: [{ itemId: 100001, count: 1 }] } }],
    ];
    for (const [kind, fields, expected] of made) {
      const created = await asAdmin<ProductView>('POST', `${BASE}/products`, {
        // the other game of the demo catalogue: the tests after this one look at Breaking Dead's lists
        body: { appId: 10002, productSn: `MW-EVERY-${kind}`, names: { en: `Every ${kind}`, ja: `すべて ${kind}` }, currency: 'USD', ...fields },
      });
      expect(created.body.code, JSON.stringify(created.body)).toBe(200);
      expect(created.body.data).toMatchObject({ ...expected, goodsType: fields.goodsType, onSale: true, voucherAmount: 0 });
      const listed = (await shop.api<ShopProduct[]>('POST', '/api/v1/product/list', { body: { appId: 10002, categoryId: expected.categoryId }, headers: { 'accept-language': 'ja' } })).body.data;
      const shown = listed.find((product) => product.id === created.body.data.id);
      expect(shown, kind).toMatchObject({ goodsType: fields.goodsType, productName: `すべて ${kind}`, priceMinor: fields.priceMinor, discountPriceMinor: fields.discountPriceMinor });
      expect(JSON.parse(shown!.configJson)).toMatchObject(expected.config);
      if (kind === 'other') expect(listed[0]!.id, 'sort -5 comes first').toBe(created.body.data.id);
      expect(await auditOf(shop, 'product', created.body.data.id)).toMatchObject([{ action: 'product.create', actor: admin.email }]);
    }
  });

  it('refuses bad products clearly and changes nothing: price below zero, no English name, discount above price...', async () => {
    const cases: [Record<string, unknown>, number, RegExp?][] = [
      [voucherPack('BAD-1', { priceMinor: -1 }), 400, /must not be below zero/],
      [voucherPack('BAD-2', { discountPriceMinor: -5 }), 400, /must not be below zero/],
      [voucherPack('BAD-3', { names: { de: 'Nur Deutsch' } }), 400, /English name is required/],
      [voucherPack('BAD-4', { names: { en: '   ', de: 'Leer' } }), 400, /English name is required/],
      [voucherPack('BAD-5', { discountPriceMinor: 1235 }), 400, /discounted price must not be above/],
      [voucherPack('BAD-6', { voucherAmount: 0 }), 400, /voucher amount above zero/],
      [voucherPack('BAD-7', { goodsType: 1, voucherAmount: 5 }), 400, /Only voucher packs/],
      [voucherPack('BAD-8', { goodsType: 4, voucherAmount: 0 }), 400, /free gift costs nothing/],
      [voucherPack('BAD-9', { claimLimit: 5 }), 400, /Only free gifts/],
      [voucherPack('BAD-10', { saleStartsAt: '2030-01-02T00:00:00Z', saleEndsAt: '2030-01-01T00:00:00Z' }), 400, /end after it starts/],
      [voucherPack('BD-VC-499'), 409, /already used by product 1002/],
      [voucherPack('BAD-11', { appId: 40404 }), 404, /Unknown game/],
      [voucherPack('BAD-12', { extra: 1 }), 400],
      [voucherPack('BAD-13', { names: { en: 'x', xx: 'unknown language' } }), 400],
      [voucherPack('BAD-14', { names: { en: 'bad\u0000' } }), 400],
      [voucherPack('BAD-15', { names: { en: 'two\nlines' } }), 400],
      [voucherPack('BAD-16', { names: { en: 'x'.repeat(201) } }), 400],
      [voucherPack('BAD-17', { priceMinor: 2_147_483_648 }), 400],
      [voucherPack('BAD-18', { priceMinor: 1.5 }), 400],
      [voucherPack('BAD-19', { priceMinor: '100' }), 400],
      [voucherPack('BAD-20', { currency: 'XYZ' }), 400],
      [voucherPack('BAD-21', { thumbnail: 'javascript:alert(1)' }), 400],
      [voucherPack('BAD-22', { thumbnail: '//evil.example/x.png' }), 400],
      [voucherPack('BAD-23', { config: { diamond: -1 } }), 400],
      [voucherPack('BAD-24', { config: { script: '<x>' } }), 400],
      [voucherPack('BAD-25', { saleStartsAt: 'tomorrow' }), 400],
      [voucherPack('bad sn'), 400],
      [voucherPack('BAD-26', { goodsType: 9 }), 400],
      [{}, 400],
    ];
    for (const [body, status, message] of cases) {
      await expectCatalogueRefused(shop, status, () => asAdmin('POST', `${BASE}/products`, { body }), message);
    }
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/products`, { rawBody: '{"appId":' }));
    // updates are checked on the product as it would be afterwards
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/products/1001`, { body: { priceMinor: -100 } }), /below zero/);
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/products/1001`, { body: { priceMinor: 100 } }), /discounted price/);
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/products/1001`, { body: { names: { de: 'Ohne Englisch' } } }), /English name/);
    await expectCatalogueRefused(shop, 409, () => asAdmin('POST', `${BASE}/products/1001`, { body: { productSn: 'BD-VC-499' } }));
    await expectCatalogueRefused(shop, 404, () => asAdmin('POST', `${BASE}/products/999999`, { body: { sort: 1 } }));
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/products/1001`, { body: { appId: 10002 } }));
  });

  it('updates a product (only what is given), with before and after in the audit log; 9521 cannot be switched on', async () => {
    expect((await asAdmin<ProductView>('GET', `${BASE}/products/1013`)).body.data.version).toBe(1);
    const updated = await asAdmin<ProductView>('POST', `${BASE}/products/1013`, {
      body: { priceMinor: 1599, discountPriceMinor: 1199, sort: 5, names: { en: 'Gem chest', de: 'Edelsteintruhe' } },
    });
    expect(updated.body.data).toMatchObject({ id: 1013, priceMinor: 1599, discountPriceMinor: 1199, sort: 5, names: { en: 'Gem chest', de: 'Edelsteintruhe' } });
    expect(updated.body.data.missingNames).toHaveLength(20);
    const [entry] = await auditOf(shop, 'product', 1013);
    expect(entry).toMatchObject({
      action: 'product.update',
      before: { priceMinor: 1499, discountPriceMinor: 1299, version: 1 },
      after: { priceMinor: 1599, discountPriceMinor: 1199, version: 2 },
    });
    // every change raises the version (the database does it: order lines name it); a save that changes nothing does not
    expect(updated.body.data.version).toBe(2);
    expect((await asAdmin<ProductView>('POST', `${BASE}/products/1013`, { body: { sort: 5 } })).body.data.version).toBe(2);
    const list = (await shop.api<ShopProduct[]>('POST', '/api/v1/product/list', { body: { appId: 10030, goodsType: 1 } })).body.data;
    expect(list[0]).toMatchObject({ id: 1013, productName: 'Gem chest', priceMinor: 1599, discountPriceMinor: 1199 });

    // off: not listed, shown or sold; on again
    await asAdmin('POST', `${BASE}/products/1013`, { body: { hidden: true } });
    expect((await shop.api<ShopProduct[]>('POST', '/api/v1/product/list', { body: { appId: 10030, goodsType: 1 } })).body.data.map((p) => p.id)).not.toContain(1013);
    expect((await shop.api('POST', '/api/v1/product/detail', { body: { id: 1013 } })).body.code).toBe(404);
    expect((await asAdmin<{ items: ProductView[] }>('GET', `${BASE}/products?status=off`)).body.data.items.map((p) => p.id)).toEqual([1013]);
    expect((await asAdmin<ProductView>('POST', `${BASE}/products/1013`, { body: { hidden: false } })).body.data.version).toBe(4);
    expect((await shop.api('POST', '/api/v1/product/detail', { body: { id: 1013 } })).body.code).toBe(200);

    // product 9521: switched off, it can never be switched on again from the console; never sold either way
    expect((await asAdmin<ProductView>('POST', `${BASE}/products/9521`, { body: { hidden: true } })).body.data).toMatchObject({ hidden: true, excluded: true });
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/products/9521`, { body: { hidden: false } }), /9521 is excluded/);
    expect((await asAdmin<ProductView>('POST', `${BASE}/products/9521`, { body: { sort: 36 } })).body.data).toMatchObject({ onSale: false, sort: 36 });
    expect((await shop.api('POST', '/api/v1/product/detail', { body: { id: 9521 } })).body.code).toBe(404);
  });

  it('enforces the sale window in the lists, the detail and every sale', async () => {
    const { player, account } = await playerWithRole(shop);
    const xsolla = await channelOf(shop, 'xsolla');
    const buyGems = () =>
      shop.api<CreateOrderResult>('POST', '/api/v1/order/product/create', {
        token: player.token,
        body: { appId: 10030, gameAccountId: account.id, productId: 1014, quantity: 1, payMethodId: xsolla.payMethodId, thirdChannelId: xsolla.thirdChannelId },
      });
    const listed = async () => (await shop.api<ShopProduct[]>('POST', '/api/v1/product/list', { body: { appId: 10030, goodsType: 1 } })).body.data.map((p) => p.id);
    const future = { saleStartsAt: new Date(Date.now() + 86_400_000).toISOString(), saleEndsAt: null };
    const past = { saleStartsAt: '2020-01-01T00:00:00Z', saleEndsAt: new Date(Date.now() - 60_000).toISOString() };
    for (const window of [future, past]) {
      const answer = await asAdmin<ProductView>('POST', `${BASE}/products/1014`, { body: window });
      expect(answer.body.data.onSale).toBe(false);
      expect(await listed()).not.toContain(1014);
      expect((await shop.api('POST', '/api/v1/product/detail', { body: { id: 1014 } })).body.code).toBe(404);
      expect((await buyGems()).body).toMatchObject({ code: 404 });
    }
    // vouchers too
    await asAdmin('POST', `${BASE}/products/1003`, { body: future });
    expect((await vouchers(shop)).map((p) => p.id)).not.toContain(1003);
    const voucherPlayer = await newPlayer(shop);
    const sold = await shop.api('POST', '/api/v1/voucher/create/order', {
      token: voucherPlayer.token,
      body: orderBody(voucherPlayer, { id: 1003, productSn: 'BD-VC-999' } as VoucherGoods, await channelOf(shop, 'paypal')),
    });
    expect(sold.body.code).toBe(404);

    const open = await asAdmin<ProductView>('POST', `${BASE}/products/1014`, {
      body: { saleStartsAt: new Date(Date.now() - 60_000).toISOString(), saleEndsAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(open.body.data.onSale).toBe(true);
    expect(await listed()).toContain(1014);
    expect((await buyGems()).body.code).toBe(200);
    await asAdmin('POST', `${BASE}/products/1003`, { body: { saleStartsAt: null, saleEndsAt: null } });
    expect((await vouchers(shop)).map((p) => p.id)).toContain(1003);
  });

  it('enforces a free gift claim limit, also for simultaneous claims', async () => {
    const created = await asAdmin<ProductView>('POST', `${BASE}/products`, {
      body: { appId: 10030, goodsType: 4, productSn: 'BD-FR-LIMITED', names: { en: 'Limited gift' }, priceMinor: 0, discountPriceMinor: 0, currency: 'USD', claimLimit: 2, config: { items: [{ itemId: 100002, count: 1 }] } },
    });
    expect(created.body.data).toMatchObject({ goodsType: 4, categoryId: 1, claimLimit: 2, claimed: 0, thumbnail: '/goods/gift-welcome.svg' });
    const gift = created.body.data.id;
    const claimers = await Promise.all(Array.from({ length: 5 }, () => playerWithRole(shop)));
    const answers = await Promise.all(
      claimers.map(({ player, account }) =>
        shop.api<ReceiveResult>('POST', '/api/v1/product/receive', { token: player.token, body: { productId: gift, gameAccountId: account.id } }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.body.code !== 200);
    expect(refused.every((a) => a.status === 409 && /claimed as often as it can be/.test(a.body.message))).toBe(true);
    expect((await asAdmin<ProductView>('GET', `${BASE}/products/${gift}`)).body.data.claimed).toBe(2);
    // raising the limit lets one more role claim
    await asAdmin('POST', `${BASE}/products/${gift}`, { body: { claimLimit: 3 } });
    const late = claimers.find((_, index) => answers[index]!.body.code !== 200)!;
    expect((await shop.api('POST', '/api/v1/product/receive', { token: late.player.token, body: { productId: gift, gameAccountId: late.account.id } })).body.code).toBe(200);
    const detail = await shop.api<ProductDetail>('POST', '/api/v1/product/detail', { token: late.player.token, body: { id: gift, gameAccountId: late.account.id } });
    expect(detail.body.data.claimed).toBe(true);
  });

  it('manages payment channels per game and region and enforces their device rules for players', async () => {
    const us = await asAdmin<ChannelView[]>('GET', `${BASE}/channels?appId=10030&regionCode=us`);
    expect(us.body.data.map((c) => c.payMethodId)).toEqual(['PAYPAL', 'CARD', 'APPLEPAY', 'GOOGLEPAY', 'VENMO', 'CASHAPP']);
    const venmo = us.body.data.find((c) => c.payMethodId === 'VENMO')!;
    const list = async (userAgent?: string) =>
      (await shop.api<PayChannel[]>('POST', '/api/v1/pay/channel/list/10030/US', { headers: userAgent ? { 'user-agent': userAgent } : {} })).body.data.map((c) => c.payMethodId);
    // the spec's name rule, on the server
    expect(await list(ANDROID)).not.toContain('APPLEPAY');
    expect(await list(IPHONE)).not.toContain('GOOGLEPAY');
    expect(await list()).toEqual(expect.arrayContaining(['APPLEPAY', 'GOOGLEPAY']));

    const hidden = await asAdmin<ChannelView>('POST', `${BASE}/channels/${venmo.id}`, { body: { hiddenOnDevices: ['android'], sort: 1 } });
    expect(hidden.body.data).toMatchObject({ hiddenOnDevices: ['android'], sort: 1 });
    expect(await auditOf(shop, 'channel', venmo.id)).toMatchObject([{ action: 'channel.update', before: { hiddenOnDevices: [], sort: 50 }, after: { hiddenOnDevices: ['android'], sort: 1 } }]);
    expect(await list(ANDROID)).not.toContain('VENMO');
    expect((await list(IPHONE))[0]).toBe('VENMO');
    // an Android client cannot pick it for an order either
    const player = await newPlayer(shop);
    const pack = (await vouchers(shop))[0]!;
    const venmoChannel = { ...venmo, thirdChannelName: 'paypal' as const } as unknown as PayChannel;
    const onAndroid = await shop.api('POST', '/api/v1/voucher/create/order', { token: player.token, headers: { 'user-agent': ANDROID }, body: orderBody(player, pack, venmoChannel) });
    expect(onAndroid.body.code).toBe(400);
    const onIphone = await shop.api('POST', '/api/v1/voucher/create/order', { token: player.token, headers: { 'user-agent': IPHONE }, body: orderBody(player, pack, venmoChannel) });
    expect(onIphone.body.code, JSON.stringify(onIphone.body)).toBe(200);

    // off
    await asAdmin('POST', `${BASE}/channels/${venmo.id}`, { body: { enabled: false } });
    expect(await list(IPHONE)).not.toContain('VENMO');

    const created = await asAdmin<ChannelView>('POST', `${BASE}/channels`, {
      body: { appId: 10030, regionCode: 'is', payMethodName: 'Card', payMethodId: 'CARD', thirdChannelId: 'xsolla-main', thirdChannelName: 'xsolla', payIcon: '/pay/card.svg', sort: 10 },
    });
    expect(created.body.data).toMatchObject({ regionCode: 'IS', enabled: true, hiddenOnDevices: [] });
    expect(await auditOf(shop, 'channel', created.body.data.id)).toMatchObject([{ action: 'channel.create' }]);
    expect((await shop.api<PayChannel[]>('POST', '/api/v1/pay/channel/list/10030/IS')).body.data.map((c) => c.payMethodId)).toEqual(['CARD']);

    const channel = created.body.data;
    const base = { appId: 10030, regionCode: 'IS', payMethodName: 'Card', payMethodId: 'CARD', thirdChannelId: 'xsolla-main', thirdChannelName: 'xsolla', payIcon: '/pay/card.svg' };
    await expectCatalogueRefused(shop, 409, () => asAdmin('POST', `${BASE}/channels`, { body: base }));
    await expectCatalogueRefused(shop, 404, () => asAdmin('POST', `${BASE}/channels`, { body: { ...base, appId: 40404 } }));
    for (const body of [
      { ...base, regionCode: 'ISL' },
      { ...base, thirdChannelName: 'stripe' },
      { ...base, hiddenOnDevices: ['windows'] },
      { ...base, hiddenOnDevices: ['ios', 'ios'] },
      { ...base, payIcon: 'data:image/png;base64,AAAA' },
      { ...base, payMethodId: 'has space' },
      { ...base, extra: 1 },
    ]) {
      await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/channels`, { body }));
    }
    await expectCatalogueRefused(shop, 404, () => asAdmin('POST', `${BASE}/channels/2147483647`, { body: { enabled: false } }));
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/channels/${channel.id}`, { body: { regionCode: 'US' } }));
    expect((await asAdmin('GET', `${BASE}/channels?appId=40404`)).body.code).toBe(404);
    expect((await asAdmin('GET', `${BASE}/channels`)).body.code).toBe(400);
  });

  it("sets a game's banner and icon (an upload or a site path), which the shop loads at /media/games/<appId>/<kind>, and exports them with the image", async () => {
    const upload = await asAdmin<MediaView>('POST', `${BASE}/media`, { body: { data: TINY_PNG.toString('base64') } });
    const art = async (kind: string) => fetch(`${shop.url}/media/games/10002/${kind}`, { redirect: 'manual' });
    expect((await art('banner')).headers.get('location')).toBe('/games/myth-wars-banner.svg');

    const changed = await asAdmin<GameView>('POST', `${BASE}/games/10002`, { body: { name: 'Myth Wars & Puzzles', banner: upload.body.data.url } });
    expect(changed.body.data).toMatchObject({ banner: upload.body.data.url, icon: '/games/myth-wars-icon.svg' });
    // the audit log names it a change, not a rename (the name stayed)
    expect((await auditOf(shop, 'game', 10002)).at(-1)).toMatchObject({ action: 'game.update', before: { banner: '/games/myth-wars-banner.svg' }, after: { banner: upload.body.data.url } });
    const banner = await art('banner');
    expect(banner.status).toBe(302);
    expect(banner.headers.get('location')).toBe(upload.body.data.url);
    expect((await fetch(shop.url + upload.body.data.url)).headers.get('content-type')).toBe('image/png');
    const exported = await asAdmin<{ games: { appId: number; banner: string | null }[]; media: { id: string }[] }>('GET', `${BASE}/export?appId=10002`);
    expect(exported.body.data.games[0]!.banner).toBe(upload.body.data.url);
    expect(exported.body.data.media.map((m) => m.id)).toContain(upload.body.data.id);

    await asAdmin('POST', `${BASE}/games/10002`, { body: { name: 'Myth Wars & Puzzles', icon: null } });
    expect((await art('icon')).status).toBe(404);
    expect((await art('poster')).status).toBe(404);
    expect((await fetch(`${shop.url}/media/games/99999/banner`, { redirect: 'manual' })).status).toBe(404);
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/games/10002`, { body: { name: 'Myth Wars & Puzzles', banner: 'javascript:alert(1)' } }));
    await asAdmin('POST', `${BASE}/games/10002`, { body: { name: 'Myth Wars & Puzzles', banner: '/games/myth-wars-banner.svg', icon: '/games/myth-wars-icon.svg' } });
  });

  it('uploads images (PNG, JPEG, WebP, GIF by their bytes, at most 512 kB) served at /media/<sha256> for good; refuses others', async () => {
    const upload = await asAdmin<MediaView>('POST', `${BASE}/media`, { body: { data: `data:image/png;base64,${TINY_PNG.toString('base64')}` } });
    expect(upload.body.code, JSON.stringify(upload.body)).toBe(200);
    expect(upload.body.data).toMatchObject({ contentType: 'image/png', size: TINY_PNG.length });
    expect(upload.body.data.url).toMatch(/^\/media\/[0-9a-f]{64}$/);
    const served = await fetch(shop.url + upload.body.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect(await auditOf(shop, 'media', upload.body.data.id)).toMatchObject([{ action: 'media.upload' }]);
    // the same file again is the same image, stored once
    expect((await asAdmin<MediaView>('POST', `${BASE}/media`, { body: { data: TINY_PNG.toString('base64') } })).body.data.id).toBe(upload.body.data.id);
    expect(await shop.services.db.select({ id: mediaFiles.id }).from(mediaFiles)).toHaveLength(1);

    // a product shows it; the shop's CSP allows images of its own origin
    const product = await asAdmin<ProductView>('POST', `${BASE}/products/1012`, { body: { thumbnail: upload.body.data.url } });
    expect(product.body.data.thumbnail).toBe(upload.body.data.url);
    const page = await fetch(`${shop.url}/voucher`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-security-policy')).toMatch(/img-src 'self'/);

    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(20)]);
    for (const [bytes, type] of [[jpeg, 'image/jpeg'], [gif, 'image/gif'], [webp, 'image/webp']] as const) {
      expect((await asAdmin<MediaView>('POST', `${BASE}/media`, { body: { data: bytes.toString('base64') } })).body.data.contentType).toBe(type);
    }

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<html><body>hi</body></html>');
    for (const data of [svg.toString('base64'), html.toString('base64'), 'not base64 at all!', 'data:image/png;base64,AAAAAAAA', Buffer.from('%PDF-1.4').toString('base64')]) {
      await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/media`, { body: { data } }), data.startsWith('not') ? undefined : /Only PNG, JPEG, WebP or GIF/);
    }
    const oversize = Buffer.concat([TINY_PNG, Buffer.alloc(512 * 1024)]);
    await expectCatalogueRefused(shop, 413, () => asAdmin('POST', `${BASE}/media`, { body: { data: oversize.toString('base64') } }), /larger than 512 kB/);
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(3 * 1024 * 1024)]);
    await expectCatalogueRefused(shop, 413, () => asAdmin('POST', `${BASE}/media`, { body: { data: huge.toString('base64') } }));
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/media`, { body: { data: '' } }));
    await expectCatalogueRefused(shop, 400, () => asAdmin('POST', `${BASE}/media`, { body: { file: 'x' } }));

    expect((await fetch(`${shop.url}/media/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await fetch(`${shop.url}/media/not-a-hash`)).status).toBe(404);
    // the app's 64 kB body limit still holds everywhere else
    const big = await shop.api('POST', `${BASE}/games`, { headers: { cookie: admin.cookie }, rawBody: JSON.stringify({ appId: 30009, name: 'x'.repeat(70_000) }) });
    expect(big.status).toBe(413);
  });

  it('drops its own caches at once after a change (the player sees it on this instance without waiting)', async () => {
    const before = (await shop.api<VoucherGoods[]>('POST', '/api/v1/voucher/list/10002')).body.data.find((p) => p.id === 2001)!;
    await asAdmin('POST', `${BASE}/products/2001`, { body: { names: { en: 'Renamed 2001' } } });
    const after = (await shop.api<VoucherGoods[]>('POST', '/api/v1/voucher/list/10002')).body.data.find((p) => p.id === 2001)!;
    expect(after.productName).toBe('Renamed 2001');
    expect(before.productName).not.toBe(after.productName);
    const [row] = await shop.services.db.select({ updatedAt: products.updatedAt }).from(products).where(eq(products.id, 2001));
    expect(row!.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await catalogueState(shop)).toBeTruthy();
  });
});
