import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { channelOf, newPlayer, orderBody, vouchers, type Player } from '../../../test/shopping.ts';
import { playerWithRole } from '../../../test/game.ts';

const CAP = 3;
const CAPPED = { code: 409, message: `You already have ${CAP} unpaid orders. Please pay or cancel one of them before placing a new order.`, data: null };

describe.each(BACKENDS)('unpaid orders per player (%s)', (backend) => {
  let shop: TestShop;
  let voucherBody: (player: Player) => Record<string, unknown>;
  let channelFields: { payMethodId: string; thirdChannelId: string };
  beforeAll(async () => {
    shop = await startShop(backend, { UNPAID_ORDERS_PER_PLAYER: String(CAP) });
    const pack = (await vouchers(shop))[0]!;
    const channel = await channelOf(shop, 'paypal');
    voucherBody = (player) => orderBody(player, pack, channel);
    channelFields = { payMethodId: String(channel.payMethodId), thirdChannelId: String(channel.thirdChannelId) };
  });
  afterAll(() => shop.close());

  const openOrders = async (token: string) => {
    const userId = (await shop.api<{ id: number }>('GET', '/api/user/info', { token })).body.data.id;
    const result = await shop.services.db.execute(sql`SELECT count(*) AS n FROM orders WHERE user_id = ${userId} AND status IN (0, 1)`);
    return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]!.n);
  };
  const createVoucherOrder = (player: Player) => shop.api('POST', '/api/v1/voucher/create/order', { token: player.token, body: voucherBody(player) });

  it('ten parallel orders of one player: exactly the cap are created, the rest get a clear message and write nothing', async () => {
    const player = await newPlayer(shop);
    const answers = await Promise.all(Array.from({ length: 10 }, () => createVoucherOrder(player)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(CAP);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(10 - CAP);
    for (const answer of refused) expect(answer.body).toEqual(CAPPED);
    expect(await openOrders(player.token)).toBe(CAP);
  });

  it('a cancelled or expired order frees a place; other players are not affected; translated', async () => {
    const player = await newPlayer(shop);
    const ids: number[] = [];
    for (let i = 0; i < CAP; i++) ids.push(((await createVoucherOrder(player)).body.data as { orderId: number }).orderId);
    expect((await createVoucherOrder(player)).body).toEqual(CAPPED);
    const german = await shop.api('POST', '/api/v1/voucher/create/order', { token: player.token, body: voucherBody(player), headers: { 'accept-language': 'de' } });
    expect(german.body.message).toBe(`Du hast bereits ${CAP} unbezahlte Bestellungen. Bitte bezahle oder storniere eine davon, bevor du eine neue Bestellung aufgibst.`);

    const other = await newPlayer(shop);
    expect((await createVoucherOrder(other)).status).toBe(200);

    expect((await shop.api('POST', '/api/v1/order/cancel', { token: player.token, body: { orderId: ids[0] } })).body.code).toBe(200);
    expect((await createVoucherOrder(player)).status).toBe(200);
    // an order past its expiry no longer counts, even before the expiry job has closed it
    await shop.services.db.execute(sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = ${ids[1]!}`);
    expect((await createVoucherOrder(player)).status).toBe(200);
    expect((await createVoucherOrder(player)).body).toEqual(CAPPED);
  });

  it('shop orders count against the same cap; a free gift is not an unpaid order', async () => {
    const { player, account } = await playerWithRole(shop);
    const product = { appId: 10030, gameAccountId: account.id, productId: 1012, quantity: 1, ...channelFields };
    for (let i = 0; i < CAP - 1; i++) expect((await shop.api('POST', '/api/v1/order/product/create', { token: player.token, body: product })).status).toBe(200);
    expect((await shop.api('POST', '/api/v1/product/receive', { token: player.token, body: { productId: 1041, gameAccountId: account.id } })).status).toBe(200);
    const bound: Player = { token: player.token, roleId: account.roleId, appId: 10030 };
    expect((await createVoucherOrder(bound)).status).toBe(200);
    const refused = await shop.api('POST', '/api/v1/order/product/create', { token: player.token, body: product });
    expect(refused.body).toEqual(CAPPED);
    expect(await openOrders(player.token)).toBe(CAP);
  });
});
