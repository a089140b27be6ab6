import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { VoucherGoods } from '@shop/contract/catalog.schema';
import type { PayChannel } from '@shop/contract/channels.schema';
import type { TokenData } from '@shop/contract/auth.schema';
import type { BoundRole } from '@shop/contract/roles.schema';
import { SANDBOX_CREDENTIALS } from '@shop/sandbox/credentials';
import type { TestShop } from '../harness.ts';
import { orderBody, type Player, type ProviderName } from '../shopping.ts';
import { call } from './cluster.ts';

/** Shopping against a shop process by URL (the in-process helpers of ../shopping.ts need a TestShop). */

/** What the webhook helpers of ../webhooks.ts read of a shop: where to post, and whose PayPal certificate URL to name. */
export const webhookTarget = (shopUrl: string, sandboxUrl: string) =>
  ({ url: shopUrl, config: { publicUrl: sandboxUrl.replace(/\/sandbox$/, '') } }) as unknown as TestShop;

let seq = 0;
export async function loginAt(base: string, appId = 10030): Promise<Player> {
  seq += 1;
  const roleId = `proof-${process.pid}-${seq}-${randomUUID().slice(0, 6)}`;
  const answer = await call<TokenData>(base, 'POST', '/api/user/inapp/quick/login', {
    body: { appId, roleId, serverId: '10001', accountId: `acc-${roleId}`, userLevel: 12 },
  });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  return { token: answer.body.data.token, roleId, appId };
}

export async function channelAt(base: string, provider: ProviderName): Promise<PayChannel> {
  const list = (await call<PayChannel[]>(base, 'POST', '/api/v1/pay/channel/list/10030/US')).body.data;
  const channel = list.find((c) => c.thirdChannelName === provider);
  if (!channel) throw new Error(`no ${provider} channel`);
  return channel;
}

export async function buyVouchersAt(base: string, player: Player, provider: ProviderName, packIndex = 1) {
  const pack = (await call<VoucherGoods[]>(base, 'POST', `/api/v1/voucher/list/${player.appId}`)).body.data[packIndex]!;
  const answer = await call<CreateOrderResult>(base, 'POST', '/api/v1/voucher/create/order', {
    token: player.token,
    body: orderBody(player, pack, await channelAt(base, provider)),
  });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  return { result: answer.body.data, pack };
}

export async function bindAt(base: string, player: Player, gameId: string, roleId: string, serverId = '1'): Promise<BoundRole> {
  const answer = await call<BoundRole>(base, 'POST', '/api/v1/role/bind', { token: player.token, body: { appId: 10030, gameId, roleId, serverId } });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

export async function buyGemsAt(base: string, player: Player, gameAccountId: number, provider: ProviderName, productId = 1014) {
  const channel = await channelAt(base, provider);
  const answer = await call<CreateOrderResult>(base, 'POST', '/api/v1/order/product/create', {
    token: player.token,
    body: { appId: 10030, gameAccountId, productId, quantity: 1, payMethodId: channel.payMethodId, thirdChannelId: channel.thirdChannelId },
  });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/** Presses Pay on the sandbox's hosted page of an order, as the page's form does. */
export async function payAt(sandboxUrl: string, result: CreateOrderResult): Promise<void> {
  const response = JSON.parse(result.thirdPayResponse);
  const href =
    result.thirdChannelName === 'paypal'
      ? response.links.find((l: { rel: string }) => l.rel === 'payer-action').href
      : result.thirdChannelName === 'xsolla'
        ? `${sandboxUrl}/xsolla/paystation4/?token=${response.token}`
        : response.data.redirectUrl;
  const page = new URL(href);
  const key = page.searchParams.get('token') ?? page.searchParams.get('tradeToken');
  const answer = await fetch(`${page.origin}${page.pathname.replace(/\/$/, '')}/${encodeURIComponent(key!)}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(answer.status, await answer.clone().text()).toBeLessThan(400);
}

/** Captures an approved PayPal order at the sandbox with the request id the shop uses, as if the shop's first try had. */
export async function paypalCaptureAtProvider(sandboxUrl: string, paypalOrderId: string, orderSn: string) {
  const creds = SANDBOX_CREDENTIALS.paypal;
  const token = await fetch(`${sandboxUrl}/paypal/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const captured = await fetch(`${sandboxUrl}/paypal/v2/checkout/orders/${paypalOrderId}/capture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json', 'paypal-request-id': `capture-${orderSn}`, prefer: 'return=representation' },
    body: '{}',
  });
  expect(captured.status, await captured.clone().text()).toBeLessThan(300);
  const order = (await captured.json()) as { purchase_units: { payments: { captures: { id: string; amount: { value: string; currency_code: string } }[] } }[] };
  return order.purchase_units[0]!.payments.captures[0]!;
}
