import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { BoundRole } from '@shop/contract/roles.schema';
import { BACKENDS, startShop, type TestShop } from '../../test/harness.ts';
import { expectRefused, playerWithRole } from '../../test/game.ts';
import { channelOf, orderBody, press, vouchers, waitForStatus, type Player } from '../../test/shopping.ts';

/**
 * Values PostgreSQL cannot store (NUL in text, integers beyond an int4 column) answered 500 before the contract's field
 * schemas refused them (packages/contract/src/fields.ts). Each named field: the 400 validation envelope naming the
 * field, nothing written.
 */
describe.each(BACKENDS)('NUL bytes and ids beyond int4 get the 400 envelope (%s)', (backend) => {
  let shop: TestShop;
  let player: Player;
  let account: BoundRole;
  let paidOrderId: number;
  let productOrder: Record<string, unknown>;
  let voucherOrder: Record<string, unknown>;

  beforeAll(async () => {
    shop = await startShop(backend);
    ({ player, account } = await playerWithRole(shop));
    const xsolla = await channelOf(shop, 'xsolla');
    productOrder = { appId: 10030, gameAccountId: account.id, productId: 1021, quantity: 1, payMethodId: xsolla.payMethodId, thirdChannelId: xsolla.thirdChannelId };
    voucherOrder = orderBody(player, (await vouchers(shop))[1]!, xsolla);
    // A paid and delivered order (nothing changes it any more): its refund request is written to the database.
    const paid = await shop.api<CreateOrderResult>('POST', '/api/v1/order/product/create', { token: player.token, body: productOrder });
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(200);
    await press(shop, paid.body.data, 'pay');
    paidOrderId = (await waitForStatus(shop, player, paid.body.data.orderId, [3])).id;
  });
  afterAll(() => shop.close());

  const post = (path: string, body: unknown, token?: string) => () => shop.api('POST', path, { body, ...(token ? { token } : {}) });
  const NUL = 'a\u0000b';

  it.each(['roleId', 'serverId'])('quick login with NUL in %s', async (field) => {
    const body = { appId: 10030, roleId: 'nul-role', serverId: '10001', accountId: 'nul-account', userLevel: 3, [field]: `10001${NUL}` };
    await expectRefused(shop, 400, post('/api/user/inapp/quick/login', body), new RegExp(field));
  });

  it('voucher order with NUL in gameRoleId', async () => {
    await expectRefused(shop, 400, post('/api/v1/voucher/create/order', { ...voucherOrder, gameRoleId: `${player.roleId}\u0000` }, player.token), /gameRoleId/);
  });

  it('PayPal capture with NUL in thirdOrderId', async () => {
    await expectRefused(shop, 400, post('/api/v1/pay/paypalCapture', { thirdOrderId: `5O190127${NUL}` }), /thirdOrderId/);
  });

  it('captcha solution with NUL in captchaId', async () => {
    await expectRefused(shop, 400, post('/api/common/captcha/verify', { captchaId: `00000000${NUL}`, x: 120 }));
  });

  it('refund request with NUL in reason (line breaks stay allowed)', async () => {
    await expectRefused(shop, 400, post('/api/v1/order/refund', { orderId: paidOrderId, reason: `Charged twice${NUL}` }, player.token), /reason/);
    const accepted = await shop.api('POST', '/api/v1/order/refund', { token: player.token, body: { orderId: paidOrderId, reason: 'Charged twice.\nPlease refund.' } });
    expect(accepted.body.code, JSON.stringify(accepted.body)).toBe(200);
  });

  describe.each([2 ** 31, '2147483648'])('product ids of %s (beyond the int4 column)', (tooBig) => {
    it('product detail id', async () => {
      await expectRefused(shop, 400, post('/api/v1/product/detail', { id: tooBig }), /\bid\b/);
    });
    it('free gift productId', async () => {
      await expectRefused(shop, 400, post('/api/v1/product/receive', { productId: tooBig, gameAccountId: account.id }, player.token), /productId/);
    });
    it('product order productId', async () => {
      await expectRefused(shop, 400, post('/api/v1/order/product/create', { ...productOrder, productId: tooBig }, player.token), /productId/);
    });
    it('voucher order id', async () => {
      await expectRefused(shop, 400, post('/api/v1/voucher/create/order', { ...voucherOrder, id: tooBig }, player.token), /\bid\b/);
    });
  });

  it('the largest int4 id is looked up and not found (404), not refused as malformed', async () => {
    await expectRefused(shop, 404, post('/api/v1/product/detail', { id: 2 ** 31 - 1 }));
  });
});
