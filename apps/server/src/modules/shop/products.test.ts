import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Order } from '@shop/contract/orders.schema';
import type { ProductDetail, ReceiveResult, ShopProduct } from '@shop/contract/products.schema';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { newPlayer, waitForStatus } from '../../../test/shopping.ts';
import { bind, deliveries, expectRefused, freshGameAccount, playerWithRole } from '../../../test/game.ts';
import { products } from '../../db/schema.ts';

const GIFT = 1041; // Breaking Dead's web welcome gift (free, goodsType 4)
const GEMS = 1013; // Breaking Dead gems, paid

describe.each(BACKENDS)('shop catalogue and free gifts (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend);
    // A hidden product, which must never be listed, shown, claimed or sold.
    const [gift] = await shop.services.db.select().from(products).where(eq(products.id, GIFT));
    await shop.services.db.insert(products).values({ ...gift!, id: 1049, productSn: 'BD-FR-HIDDEN', hidden: true });
  });
  afterAll(() => shop.close());

  const list = async (body: Record<string, unknown>, language = 'en') =>
    (await shop.api<ShopProduct[]>('POST', '/api/v1/product/list', { body, headers: { 'accept-language': language } })).body;

  it('lists a tab by goods type or category, localized, with prices in major and minor units; never 9521 or hidden ones', async () => {
    const gems = await list({ appId: 10030, goodsType: 1 });
    expect(gems.code).toBe(200);
    expect(gems.data.length).toBeGreaterThan(3);
    expect(gems.data.every((p) => p.goodsType === 1 && p.categoryId === 17)).toBe(true);
    expect(gems.data.map((p) => p.id)).not.toContain(9521);
    const discounted = gems.data.find((p) => p.id === GEMS)!;
    expect(discounted).toMatchObject({ priceMinor: 1499, discountPriceMinor: 1299, productPrice: 14.99, productDiscountPrice: 12.99, currency: 'USD', free: false });
    expect((await list({ appId: 10030, categoryId: 17 })).data.map((p) => p.id)).toEqual(gems.data.map((p) => p.id));

    const vip = await list({ appId: 10030, categoryId: 15 });
    expect(vip.data.every((p) => p.goodsType === 2)).toBe(true);
    const free = await list({ appId: 10030, goodsType: 4 });
    expect(free.data.map((p) => p.id)).toEqual([1041, 1042]);
    expect(free.data.every((p) => p.free && p.priceMinor === 0)).toBe(true);
    const all = await list({ appId: 10030 });
    expect(all.data.some((p) => p.goodsType === 5)).toBe(false);
    expect(all.data.map((p) => p.id)).not.toContain(1049);

    const german = await list({ appId: 10030, goodsType: 4 }, 'de');
    const japanese = await list({ appId: 10030, goodsType: 4 }, 'ja');
    expect(german.data[0]!.productName).not.toBe(free.data[0]!.productName);
    expect(japanese.data[0]!.productName).not.toBe(german.data[0]!.productName);
    expect((await list({ appId: 10002, goodsType: 1 })).data.every((p) => p.appId === 10002)).toBe(true);
  });

  it('shows details of a visible product; 9521, hidden and unknown ones are not found', async () => {
    const detail = await shop.api<ProductDetail>('POST', '/api/v1/product/detail', { body: { id: GEMS }, headers: { 'accept-language': 'fr' } });
    expect(detail.body.code).toBe(200);
    expect(detail.body.data).toMatchObject({ id: GEMS, claimed: null, productDiscountPrice: 12.99 });
    for (const id of [9521, 1049, 999_999]) {
      await expectRefused(shop, 404, () => shop.api('POST', '/api/v1/product/detail', { body: { id } }), 'This item is not available');
    }
    await expectRefused(shop, 400, () => shop.api('POST', '/api/v1/product/list', { body: { appId: 'abc' } }));
    await expectRefused(shop, 404, () => shop.api('POST', '/api/v1/product/list', { body: { appId: 12345 } }));
  });

  it('claims a free gift once per game account; it is delivered to the game and the detail says claimed', async () => {
    const { player, account, gameId } = await playerWithRole(shop);
    const claim = await shop.api<ReceiveResult>('POST', '/api/v1/product/receive', {
      token: player.token,
      body: { productId: GIFT, gameAccountId: account.id },
    });
    expect(claim.body.code).toBe(200);
    expect(claim.body.message).toBe('Rewards claimed successfully');
    expect(claim.body.data).toMatchObject({ productId: GIFT, gameAccountId: account.id, status: 2 });
    const order = await waitForStatus(shop, player, claim.body.data.orderId, [3]);
    expect(order).toMatchObject({ orderSource: 'gift', payAmount: 0 });
    const delivered = await deliveries(shop, { gameId });
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ orderSn: claim.body.data.orderSn, roleId: account.roleId });

    const detail = await shop.api<ProductDetail>('POST', '/api/v1/product/detail', { token: player.token, body: { id: GIFT, gameAccountId: account.id } });
    expect(detail.body.data.claimed).toBe(true);
    const guestView = await shop.api<ProductDetail>('POST', '/api/v1/product/detail', { body: { id: GIFT } });
    expect(guestView.body.data.claimed).toBeNull();

    await expectRefused(
      shop,
      409,
      () => shop.api('POST', '/api/v1/product/receive', { token: player.token, body: { productId: GIFT, gameAccountId: account.id } }),
      'This gift has already been claimed for this game account',
    );
    // Another gift, or the same gift for another game account of the player, is fine.
    const weekly = await shop.api<ReceiveResult>('POST', '/api/v1/product/receive', { token: player.token, body: { productId: 1042, gameAccountId: account.id } });
    expect(weekly.body.code).toBe(200);
    const { gameId: secondId, roles } = await freshGameAccount(shop);
    const second = (await bind(shop, player, 10030, secondId, roles[0]!)).body.data;
    const again = await shop.api<ReceiveResult>('POST', '/api/v1/product/receive', { token: player.token, body: { productId: GIFT, gameAccountId: second.id } });
    expect(again.body.code).toBe(200);
    await waitForStatus(shop, player, again.body.data.orderId, [3]);
    await waitForStatus(shop, player, weekly.body.data.orderId, [3]);
  });

  it('lets only one of two simultaneous claims through', async () => {
    const { player, account } = await playerWithRole(shop);
    const claim = () => shop.api('POST', '/api/v1/product/receive', { token: player.token, body: { productId: GIFT, gameAccountId: account.id } });
    const answers = await Promise.all([claim(), claim(), claim()]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 409, 409]);
    const winner = answers.find((a) => a.body.code === 200)!.body.data as ReceiveResult;
    await waitForStatus(shop, player, winner.orderId, [3]);
    const orders = await shop.api<{ list: Order[] }>('GET', '/api/v1/order/list/all', { token: player.token });
    expect(orders.body.data.list.filter((o) => o.orderSource === 'gift')).toHaveLength(1);
  });

  it('asks a guest to log in, refuses a paid or hidden item, and another player\'s game account', async () => {
    await expectRefused(shop, 401, () => shop.api('POST', '/api/v1/product/receive', { body: { productId: GIFT } }));
    const { player, account } = await playerWithRole(shop);
    await expectRefused(
      shop,
      400,
      () => shop.api('POST', '/api/v1/product/receive', { token: player.token, body: { productId: GEMS, gameAccountId: account.id } }),
      'This item is not a free gift and cannot be claimed',
    );
    await expectRefused(shop, 404, () => shop.api('POST', '/api/v1/product/receive', { token: player.token, body: { productId: 1049, gameAccountId: account.id } }));
    await expectRefused(shop, 404, () => shop.api('POST', '/api/v1/product/receive', { token: player.token, body: { productId: 9521 } }));
    await expectRefused(shop, 400, () => shop.api('POST', '/api/v1/product/receive', { token: player.token, body: { productId: 2041, gameAccountId: account.id } }), 'another game');
    const other = await newPlayer(shop);
    await expectRefused(shop, 404, () => shop.api('POST', '/api/v1/product/receive', { token: other.token, body: { productId: GIFT, gameAccountId: account.id } }), 'Game account not found');
  });
});
