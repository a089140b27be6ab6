import { expect } from 'vitest';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { VoucherGoods } from '@shop/contract/catalog.schema';
import type { PayChannel } from '@shop/contract/channels.schema';
import type { Order } from '@shop/contract/orders.schema';
import type { TestShop } from './harness.ts';

export type ProviderName = 'paypal' | 'xsolla' | 'payermax';
export type Button = 'pay' | 'decline' | 'cancel';

export async function vouchers(shop: TestShop, appId = 10030): Promise<VoucherGoods[]> {
  return (await shop.api<VoucherGoods[]>('POST', `/api/v1/voucher/list/${appId}`)).body.data;
}

export async function channelOf(shop: TestShop, provider: ProviderName, region = 'US', appId = 10030): Promise<PayChannel> {
  const list = (await shop.api<PayChannel[]>('POST', `/api/v1/pay/channel/list/${appId}/${region}`)).body.data;
  const channel = list.find((c) => c.thirdChannelName === provider);
  if (!channel) throw new Error(`no ${provider} channel in ${region}`);
  return channel;
}

export interface Player {
  token: string;
  roleId: string;
  appId: number;
}

let playerSeq = 0;
export async function newPlayer(shop: TestShop, appId = 10030): Promise<Player> {
  playerSeq += 1;
  const roleId = `role-${process.pid}-${playerSeq}-${Math.random().toString(36).slice(2, 8)}`;
  const tokens = await shop.quickLogin({ appId, roleId, accountId: `acc-${roleId}` });
  return { token: tokens.token, roleId, appId };
}

export function orderBody(player: Player, pack: VoucherGoods, channel: PayChannel, region = 'US') {
  return {
    appId: player.appId,
    gameRoleId: player.roleId,
    regionCode: region,
    selectedRegionCode: region,
    id: pack.id,
    payMethodName: channel.payMethodName,
    payMethodId: channel.payMethodId,
    quantity: 1,
    thirdChannelId: channel.thirdChannelId,
    voucherSn: pack.productSn,
    orderSource: 'voucher',
  };
}

export async function createOrder(shop: TestShop, player: Player, provider: ProviderName, packIndex = 1) {
  const pack = (await vouchers(shop, player.appId))[packIndex]!;
  const channel = await channelOf(shop, provider, 'US', player.appId);
  const answer = await shop.api<CreateOrderResult>('POST', '/api/v1/voucher/create/order', {
    token: player.token,
    body: orderBody(player, pack, channel),
  });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  return { result: answer.body.data, pack, channel };
}

/** The hosted checkout URL the client would open for this order. */
export function checkoutUrl(shop: TestShop, result: CreateOrderResult): string {
  const response = JSON.parse(result.thirdPayResponse);
  switch (result.thirdChannelName) {
    case 'paypal':
      return response.links.find((l: { rel: string }) => l.rel === 'payer-action').href;
    case 'xsolla':
      return `${shop.config.xsolla.payStationUrl}?token=${response.token}`;
    case 'payermax':
      return response.data.redirectUrl;
  }
}

/** Presses a button of the sandbox checkout page the way its form does; returns where the browser would go next. */
export async function press(shop: TestShop, result: CreateOrderResult, button: Button): Promise<string | null> {
  const page = new URL(checkoutUrl(shop, result));
  const key = page.searchParams.get('token') ?? page.searchParams.get('tradeToken');
  const base = page.pathname.replace(/\/$/, '');
  const response = await fetch(`${page.origin}${base}/${encodeURIComponent(key!)}/${button}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(response.status, await response.clone().text()).toBeLessThan(400);
  return response.headers.get('location');
}

export async function orderOf(shop: TestShop, player: Player, orderId: number): Promise<Order> {
  const answer = await shop.api<Order>('POST', '/api/v1/order/detail', { token: player.token, body: { orderId } });
  return answer.body.data;
}

/** Waits (webhooks are delivered asynchronously) until the order reaches a status. */
export async function waitForStatus(shop: TestShop, player: Player, orderId: number, statuses: number[], timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const order = await orderOf(shop, player, orderId);
    if (statuses.includes(order.status)) return order;
    if (Date.now() > end) throw new Error(`order ${orderId} stayed in status ${order.status}, expected ${statuses}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function balanceOf(shop: TestShop, player: Player): Promise<number> {
  return (await shop.api<{ voucherBalance: number }>('GET', '/api/user/info', { token: player.token })).body.data.voucherBalance;
}

/** Makes the sandbox lose every provider webhook (a provider whose notifications never arrive) until switched off. */
export async function dropWebhooks(shop: TestShop, dropping: boolean): Promise<void> {
  const response = await fetch(`${shop.url}/sandbox/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ dropWebhooks: dropping }),
  });
  expect(response.status).toBe(200);
}
