import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { VoucherGoods } from '@shop/contract/catalog.schema';
import type { PayChannel } from '@shop/contract/channels.schema';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { ShopProduct } from '@shop/contract/products.schema';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { newPlayer, orderBody, press, waitForStatus, type Player, type ProviderName } from '../../../test/shopping.ts';
import { exchangeRates, orders, productPrices } from '../../db/schema.ts';
import { decimalToMinor, minorToMajorNumber } from '../../shared/money.ts';
import { toBaseMinor } from './base-amount.ts';
import { taxInside } from './compute.ts';

/** ADR 0050, 0052, 0053: lists in the player's country, orders charged and frozen in it, through every provider. */
describe.each(BACKENDS)('local prices (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend);
  });
  afterAll(() => shop.close());

  const voucherList = async (regionCode?: string, language = 'en') =>
    shop.api<VoucherGoods[]>('POST', `/api/v1/voucher/list/10030${regionCode === undefined ? '' : `?regionCode=${encodeURIComponent(regionCode)}`}`, {
      headers: { 'accept-language': language },
    });
  const packs = async (regionCode?: string) => {
    const answer = await voucherList(regionCode);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const channels = async (region: string) => (await shop.api<PayChannel[]>('POST', `/api/v1/pay/channel/list/10030/${region}`)).body.data;
  const channelOf = async (region: string, provider: ProviderName) => (await channels(region)).find((c) => c.thirdChannelName === provider)!;
  const pointOf = async (productId: number, regionCode: string) =>
    (await shop.services.db.select().from(productPrices).where(and(eq(productPrices.productId, productId), eq(productPrices.regionCode, regionCode))))[0];
  const orderCount = async () => (await shop.services.db.select({ n: count() }).from(orders))[0]!.n;

  const placeOrder = (player: Player, pack: VoucherGoods, channel: PayChannel, region: string, shown?: { productPrice: number; currency: string }) =>
    shop.api<CreateOrderResult>('POST', '/api/v1/voucher/create/order', { token: player.token, body: { ...orderBody(player, pack, channel, region), ...shown } });

  it('without a region the lists answer the base prices in USD, as before', async () => {
    for (const pack of await packs()) {
      expect(pack.currency).toBe('USD');
      expect(pack.productDiscountPrice).toBe(pack.baseDiscountPrice);
      expect(pack.taxIncluded).toBe(false);
    }
  });

  it("a German player sees each pack's price point in euros, tax included; the vouchers credited stay the same", async () => {
    const base = await packs();
    const german = await packs('DE');
    expect(german.map((pack) => pack.id)).toEqual(base.map((pack) => pack.id));
    for (const [index, pack] of german.entries()) {
      const point = (await pointOf(pack.id, 'DE'))!;
      expect(pack.currency).toBe('EUR');
      expect(pack.productDiscountPrice).toBe(minorToMajorNumber(point.discountPriceMinor, 'EUR'));
      expect(pack.productPrice).toBe(minorToMajorNumber(point.priceMinor, 'EUR'));
      expect(pack.taxIncluded).toBe(true);
      expect(pack.taxRateBp).toBe(point.taxRateBp);
      expect(pack.baseCurrency).toBe('USD');
      expect(pack.baseDiscountPrice).toBe(base[index]!.productDiscountPrice);
      expect(pack.voucherAmount).toBe(base[index]!.voucherAmount);
    }
  });

  it('yen and rupiah have no decimals; ZZ and lower case are the default region', async () => {
    for (const pack of await packs('JP')) {
      expect(pack.currency).toBe('JPY');
      expect(Number.isInteger(pack.productDiscountPrice)).toBe(true);
    }
    for (const pack of await packs('ID')) expect(pack.currency).toBe('IDR');
    expect(await packs('ZZ')).toEqual(await packs('US'));
    expect(await packs('de')).toEqual(await packs('DE'));
  });

  it('the shop lists and the product detail answer the same local prices', async () => {
    const list = await shop.api<ShopProduct[]>('POST', '/api/v1/product/list', { body: { appId: 10030, goodsType: 1, regionCode: 'JP' } });
    expect(list.body.code).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    const product = list.body.data[0]!;
    const point = (await pointOf(product.id, 'JP'))!;
    expect(product).toMatchObject({ currency: 'JPY', discountPriceMinor: point.discountPriceMinor, priceMinor: point.priceMinor });
    const detail = await shop.api<ShopProduct>('POST', '/api/v1/product/detail', { body: { id: product.id, regionCode: 'JP' } });
    expect(detail.body.data).toMatchObject({ currency: 'JPY', discountPriceMinor: point.discountPriceMinor });
  });

  it.each([
    ['an unknown country', 'regionCode=XX', 'XX'],
    ['three letters', 'regionCode=DEU', 'DEU'],
    ['one letter', 'regionCode=D', 'D'],
    ['empty', 'regionCode=', ''],
    ['a NUL', 'regionCode=D%00', 'D\u0000'],
    ['two of them', 'regionCode=DE&regionCode=FR', ['DE', 'FR']],
    ['a number', 'regionCode=49', 49],
  ])('refuses %s as the region, in the envelope, with a message', async (_name, query, regionCode) => {
    const answer = await shop.api('POST', `/api/v1/voucher/list/10030?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(400);
    expect(answer.body.message).toMatch(/\w/);
    const products = await shop.api('POST', '/api/v1/product/list', { body: { appId: 10030, regionCode } });
    expect(products.status).toBe(400);
  });

  it('the unknown-country message follows Accept-Language', async () => {
    const answer = await shop.api('POST', '/api/v1/voucher/list/10030?regionCode=XX', { headers: { 'accept-language': 'de' } });
    expect(answer.body.message).toBe('Dieses Land bzw. diese Region ist dem Shop nicht bekannt.');
  });

  it('channels say whether they charge the local currency: PayPal cannot charge rupiah', async () => {
    const indonesia = await channels('ID');
    expect(indonesia.find((c) => c.thirdChannelName === 'paypal')!.chargesLocalCurrency).toBe(false);
    expect(indonesia.find((c) => c.thirdChannelName === 'payermax')!.chargesLocalCurrency).toBe(true);
    expect((await channels('DE')).find((c) => c.thirdChannelName === 'paypal')!.chargesLocalCurrency).toBe(true);
  });

  it('an order charges the price shown in the local currency and freezes country, base amount, rate and tax', async () => {
    const player = await newPlayer(shop);
    const pack = (await packs('DE'))[1]!;
    const before = await orderCount();
    const answer = await placeOrder(player, pack, await channelOf('DE', 'paypal'), 'DE', { productPrice: pack.productDiscountPrice, currency: 'EUR' });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ currency: 'EUR', totalAmount: pack.productDiscountPrice });
    expect(await orderCount()).toBe(before + 1);
    const [order] = await shop.services.db.select().from(orders).where(eq(orders.id, answer.body.data.orderId));
    const [rate] = await shop.services.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'EUR'));
    const payMinor = decimalToMinor(pack.productDiscountPrice, 'EUR');
    expect(order).toMatchObject({
      countryCode: 'DE',
      currency: 'EUR',
      payAmountMinor: payMinor,
      baseCurrency: 'USD',
      basePayMinor: toBaseMinor(payMinor, 'EUR', rate!.perUsd, 'USD'),
      taxModel: 'inclusive',
      taxRateBp: pack.taxRateBp,
      taxMinor: taxInside(payMinor, pack.taxRateBp),
    });
    expect(Number(order!.exchangeRate)).toBe(Number(rate!.perUsd));
  });

  it('a channel that cannot charge the local currency charges the base price; the local price sent with it is refused', async () => {
    const player = await newPlayer(shop);
    const pack = (await packs('ID'))[1]!;
    const paypal = await channelOf('ID', 'paypal');
    const before = await orderCount();
    const refused = await placeOrder(player, pack, paypal, 'ID', { productPrice: pack.productDiscountPrice, currency: 'IDR' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/price/i);
    expect(await orderCount()).toBe(before);
    const answer = await placeOrder(player, pack, paypal, 'ID', { productPrice: pack.baseDiscountPrice, currency: 'USD' });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ currency: 'USD', totalAmount: pack.baseDiscountPrice });
    const [order] = await shop.services.db.select().from(orders).where(eq(orders.id, answer.body.data.orderId));
    expect(order).toMatchObject({ countryCode: 'ID', baseCurrency: 'USD', basePayMinor: order!.payAmountMinor });
    expect(Number(order!.exchangeRate)).toBe(1);
  });

  it('a price changed after the list was read is refused with nothing written, then charged as newly shown', async () => {
    const player = await newPlayer(shop);
    const pack = (await packs('FR'))[2]!;
    const point = (await pointOf(pack.id, 'FR'))!;
    await shop.services.db
      .update(productPrices)
      .set({ override: true, priceMinor: point.priceMinor + 100, discountPriceMinor: point.discountPriceMinor + 100 })
      .where(and(eq(productPrices.productId, pack.id), eq(productPrices.regionCode, 'FR')));
    shop.services.catalogueCaches.invalidate();
    const channel = await channelOf('FR', 'paypal');
    const before = await orderCount();
    const refused = await placeOrder(player, pack, channel, 'FR', { productPrice: pack.productDiscountPrice, currency: 'EUR' });
    expect(refused.status).toBe(409);
    expect(await orderCount()).toBe(before);
    const fresh = (await packs('FR'))[2]!;
    expect(fresh.productDiscountPrice).toBe(minorToMajorNumber(point.discountPriceMinor + 100, 'EUR'));
    const answer = await placeOrder(player, fresh, channel, 'FR', { productPrice: fresh.productDiscountPrice, currency: 'EUR' });
    expect(answer.body.data.totalAmount).toBe(fresh.productDiscountPrice);
  });

  it.each([
    ['paypal', 'JP'],
    ['xsolla', 'KR'],
    ['payermax', 'ID'],
    ['paypal', 'DE'],
  ] as const)('%s takes exactly the local amount in %s: the payment settles (an amount mismatch would not)', async (provider, region) => {
    const player = await newPlayer(shop);
    const pack = (await packs(region))[1]!;
    const channel = await channelOf(region, provider);
    expect(channel.chargesLocalCurrency).toBe(true);
    const answer = await placeOrder(player, pack, channel, region, { productPrice: pack.productDiscountPrice, currency: pack.currency });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    const next = await press(shop, answer.body.data, 'pay');
    if (provider === 'paypal') {
      const token = new URL(next!).searchParams.get('token')!;
      await shop.api('POST', '/api/v1/pay/paypalCapture', { body: { orderId: answer.body.data.orderId, thirdOrderId: token } });
    }
    const order = await waitForStatus(shop, player, answer.body.data.orderId, [3]);
    expect(order.currency).toBe(pack.currency);
    expect(order.payAmount).toBe(pack.productDiscountPrice);
  });
});
