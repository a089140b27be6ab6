// Ledger-writing figures of the bench: PayerMax webhook settlement (one signed PAYMENT SUCCESS per prepared unpaid order,
// each settles the order and credits vouchers) and game-server voucher spends (a fresh transactionId and HMAC per
// request), spread over several roles and on one hot role. Both are checked afterwards against the shop's own answers.
import { createHmac, createSign } from 'node:crypto';
import { SANDBOX_CREDENTIALS } from '../../apps/sandbox/src/credentials.ts';
import { load, type LoadResult } from './http-load.ts';

const creds = SANDBOX_CREDENTIALS;

export interface SettleFigures extends LoadResult {
  /** Notifications sent (warm-up included) and orders found in status 3 afterwards. */
  sent: number;
  settled: number;
}

export interface SpendFigures extends LoadResult {
  roles: number;
  /** Vouchers the roles' balances went down by, against the successful spends (warm-up included). */
  balanceDrop: number;
  okSpends: number;
}

export interface LedgerFigures {
  webhookSettle?: SettleFigures;
  voucherSpend?: SpendFigures;
  voucherSpendHotRole?: SpendFigures;
}

export interface LedgerOptions {
  url: string;
  appId: number;
  region: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  roles: number;
  progress: (message: string) => void;
}

interface Role {
  roleId: string;
  token: string;
}

interface Envelope<T> {
  code?: unknown;
  message?: unknown;
  data?: T;
}

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Envelope<T> & { status: number }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  try {
    return { status: response.status, ...(JSON.parse(text) as Envelope<T>) };
  } catch {
    throw new Error(`${url}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
}

/** Runs `task` over `items` with `concurrency` workers; stops early when `until()` says so. */
async function pool<T>(items: Iterable<T>, concurrency: number, task: (item: T) => Promise<void>, until: () => boolean = () => false) {
  const iterator = items[Symbol.iterator]();
  const worker = async () => {
    for (;;) {
      if (until()) return;
      const next = iterator.next();
      if (next.done) return;
      await task(next.value);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

function* forever(): Generator<number> {
  for (let i = 0; ; i++) yield i;
}

function gameHeaders(appId: number, rawBody: string): Record<string, string> {
  const secret = creds.gameServers.secrets[appId];
  if (!secret) throw new Error(`no sandbox game secret for app ${appId}`);
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    'content-type': 'application/json',
    'x-game-app-id': String(appId),
    'x-game-timestamp': String(timestamp),
    'x-game-signature': createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'),
  };
}

async function balances(options: LedgerOptions, roles: Role[]): Promise<number> {
  let sum = 0;
  for (const role of roles) {
    const raw = JSON.stringify({ serverId: '10001', roleId: role.roleId });
    const response = await fetch(`${options.url}/api/game/v1/vouchers/balance`, {
      method: 'POST',
      headers: gameHeaders(options.appId, raw),
      body: raw,
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await response.json()) as Envelope<{ balance: number }>;
    if (answer.code !== 200 || !answer.data) throw new Error(`voucher balance of ${role.roleId}: code ${String(answer.code)} ${String(answer.message)}`);
    sum += answer.data.balance;
  }
  return sum;
}

/** Settlement first (it credits the vouchers the spends then use), then spends over all roles, then on one hot role. */
export async function benchLedger(options: LedgerOptions, figures: LedgerFigures, label: string): Promise<void> {
  const { url, appId, region, progress } = options;
  const stamp = Date.now().toString(36);
  const roles: Role[] = [];
  for (let i = 0; i < options.roles; i++) {
    const roleId = `bench-ledger-${stamp}-${i}`;
    const login = await post<{ token?: string }>(`${url}/api/user/inapp/quick/login`, {
      appId,
      roleId,
      serverId: '10001',
      accountId: `bench-ledger-acc-${stamp}-${i}`,
      userLevel: 1,
    });
    if (login.code !== 200 || !login.data?.token) throw new Error(`quick login: code ${String(login.code)} ${String(login.message)}`);
    roles.push({ roleId, token: login.data.token });
  }

  // Unpaid PayerMax orders, created round robin over the roles for about `seconds` (the largest pack, so the spends
  // below have plenty of vouchers).
  const list = await post<{ id: number; productSn: string; productPrice: number; voucherAmount: number }[]>(`${url}/api/v1/voucher/list/${appId}`, {});
  const pack = [...(list.data ?? [])].sort((a, b) => b.voucherAmount - a.voucherAmount)[0];
  if (!pack) throw new Error(`voucher list: code ${String(list.code)}, no voucher`);
  const channels = await post<{ payMethodName: string; payMethodId: string; thirdChannelId: string; thirdChannelName: string }[]>(
    `${url}/api/v1/pay/channel/list/${appId}/${region}`,
    {},
  );
  const channel = channels.data?.find((c) => c.thirdChannelName === 'payermax');
  if (!channel) throw new Error(`channel list: no payermax channel in ${region}`);
  const orders: { orderId: number; orderSn: string; totalAmount: number; currency: string; role: Role }[] = [];
  const createFailures: string[] = [];
  const maxOrders = 20_000;
  const createUntil = performance.now() + options.seconds * 1000;
  progress(`${label}: creating unpaid PayerMax orders for ${options.seconds} s (${options.connections} at a time)`);
  await pool(
    forever(),
    options.connections,
    async (i) => {
      const role = roles[i % roles.length]!;
      const answer = await post<{ orderId: number; orderSn: string; totalAmount: number; currency: string }>(
        `${url}/api/v1/voucher/create/order`,
        {
          appId,
          gameRoleId: role.roleId,
          regionCode: region,
          selectedRegionCode: region,
          id: pack.id,
          payMethodName: channel.payMethodName,
          payMethodId: channel.payMethodId,
          quantity: 1,
          thirdChannelId: channel.thirdChannelId,
          voucherSn: pack.productSn,
          orderSource: 'voucher',
        },
        { authorization: `Bearer ${role.token}` },
      );
      if (answer.code === 200 && answer.data) orders.push({ ...answer.data, role });
      else createFailures.push(`HTTP ${answer.status} code ${String(answer.code)}: ${String(answer.message)}`);
    },
    () => performance.now() > createUntil || orders.length >= maxOrders || createFailures.length > 20,
  );
  if (createFailures.length) throw new Error(`PayerMax order creation failed ${createFailures.length} times: ${createFailures[0]}`);
  if (orders.length < options.connections * 2) throw new Error(`only ${orders.length} PayerMax orders created`);

  // Signed beforehand: RSA signing in this process would compete with the measured server for the CPU.
  const notifications = orders.map((order) => {
    const body = JSON.stringify({
      code: 'APPLY_SUCCESS',
      msg: '',
      keyVersion: '1',
      appId: creds.payermax.appId,
      merchantNo: creds.payermax.merchantNo,
      notifyTime: new Date().toISOString(),
      notifyType: 'PAYMENT',
      data: {
        outTradeNo: order.orderSn,
        tradeToken: `T${order.orderSn}`,
        totalAmount: order.totalAmount,
        currency: order.currency,
        country: region,
        status: 'SUCCESS',
        completeTime: new Date().toISOString(),
      },
    });
    return { body, sign: createSign('RSA-SHA256').update(body).sign(creds.payermax.platformPrivateKeyPem, 'base64') };
  });
  // autocannon builds each connection's next request before it knows whether it will be sent, so up to one built
  // notification per connection and run is never sent: the runs ask for fewer than were prepared, and "sent" is what
  // was answered. Those few orders stay unpaid.
  const spare = 2 * options.connections;
  const warmupCount = Math.floor((notifications.length - spare) / 5) >= options.connections ? Math.min(Math.floor((notifications.length - spare) / 5), options.connections * 20) : 0;
  let cursor = 0;
  const settleOptions = {
    url: `${url}/api/webhooks/payermax`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    connections: options.connections,
    seconds: options.seconds * 4,
    warmupSeconds: 0,
    next: () => {
      const notification = notifications[Math.min(cursor++, notifications.length - 1)]!;
      return { body: notification.body, headers: { sign: notification.sign } };
    },
  };
  progress(`${label}: PayerMax PAYMENT SUCCESS notifications for ${notifications.length} orders (${warmupCount} of them warm-up)`);
  const warm = warmupCount ? await load({ ...settleOptions, amount: warmupCount }) : undefined;
  const settle = await load({ ...settleOptions, amount: notifications.length - warmupCount - spare });
  const sent = settle.total + (warm?.total ?? 0);
  const webhookErrors = settle.errors + (warm?.errors ?? 0);
  if (webhookErrors) throw new Error(`webhook settlement: ${webhookErrors} errors: ${[...(warm?.errorSamples ?? []), ...settle.errorSamples].join('; ')}`);

  // Honest figure: the orders in status 3 (settled, vouchers credited) must be exactly the notifications sent.
  let settled = 0;
  await pool(orders, options.connections, async (order) => {
    const answer = await post<{ status: number }>(`${url}/api/v1/order/detail`, { orderId: order.orderId }, { authorization: `Bearer ${order.role.token}` });
    if (answer.data?.status === 3) settled++;
  });
  figures.webhookSettle = { ...settle, sent, settled };
  if (settled !== sent) throw new Error(`webhook settlement: ${settled} orders in status 3 for ${sent} notifications sent`);
  progress(`${label}: ${settled} orders settled (status 3) for ${sent} notifications sent`);

  let seq = 0;
  const spend = async (spendRoles: Role[], name: string): Promise<SpendFigures> => {
    const before = await balances(options, spendRoles);
    progress(`${label}: POST /api/game/v1/vouchers/spend over ${spendRoles.length} role(s) for ${options.seconds} s`);
    const result = await load({
      url: `${url}/api/game/v1/vouchers/spend`,
      method: 'POST',
      connections: options.connections,
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
      checkEnvelope: true,
      next: () => {
        seq++;
        const role = spendRoles[seq % spendRoles.length]!;
        const body = JSON.stringify({
          serverId: '10001',
          roleId: role.roleId,
          transactionId: `bench-${stamp}-${name}-${seq}`,
          amount: 1,
          itemId: 'bench-item',
          itemName: 'Bench item',
        });
        return { body, headers: gameHeaders(appId, body) };
      },
    });
    if (result.errors) progress(`${label}: spend errors:\n  ${result.errorSamples.join('\n  ')}`);
    // Spends still in flight when a run's clock ran out are applied but not counted: up to one per connection and run.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await balances(options, spendRoles);
    const okSpends = result.ok + result.warmupOk;
    const balanceDrop = before - after;
    if (balanceDrop < okSpends || balanceDrop > okSpends + 2 * options.connections)
      throw new Error(`voucher spend (${name}): balances went down by ${balanceDrop} for ${okSpends} successful spends`);
    return { ...result, roles: spendRoles.length, balanceDrop, okSpends };
  };
  figures.voucherSpend = await spend(roles, 'spread');
  figures.voucherSpendHotRole = await spend(roles.slice(0, 1), 'hot');
}
