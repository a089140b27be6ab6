// What the scale bench times over HTTP: every console screen, report and CSV, and the player's calls, each as the console
// or the web app sends it. A sample varies the player, role, order and day it asks about (picked from the data set), so
// the figures are not one cached row's. Adding a screen: one entry in CONSOLE_OPERATIONS or PLAYER_OPERATIONS.

/** Real rows of the data set the operations ask about (scale/samples.ts picks them). */
export interface Samples {
  /** The day generation started (YYYY-MM-DD, UTC): reports end there. */
  today: string;
  orders: { id: number; orderSn: string; userId: number; gameAccountId: number | null }[];
  /** Players with orders: e-mail (or phone), the role and id of one of their orders. */
  players: { userId: number; contact: string; roleId: string; roleName: string; gameAccountId: number; appId: number; orderId: number }[];
  /** Roles with the longest voucher ledgers (the heavy end of the role's ledger page). */
  busyRoles: number[];
  /** Player access tokens, one per entry of `players` (same index). */
  tokens: string[];
}

export interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface Operation {
  name: string;
  /** The request of sample `i`. */
  request: (samples: Samples, i: number) => Request;
}

/**
 * Orders at random over the whole history (ids are dense) with their player and role, and the roles with the largest
 * balances (the longest ledgers): the rows the samples ask about. `count` orders at most.
 */
export const sampleStatements = (count: number) => ({
  today: `SELECT to_char(anchor AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM scale_bench.dataset`,
  orders: `
    SELECT o.id, o.order_sn, o.user_id, o.game_account_id, o.app_id, coalesce(u.email, u.mobile) AS contact, ga.role_id, ga.role_name
    FROM (SELECT DISTINCT 1 + floor(random() * (SELECT max(id) FROM orders))::bigint AS id FROM generate_series(1, ${count})) r
    JOIN orders o ON o.id = r.id JOIN users u ON u.id = o.user_id JOIN game_accounts ga ON ga.id = o.game_account_id`,
  busyRoles: `SELECT game_account_id FROM voucher_accounts ORDER BY balance DESC LIMIT 10`,
});

/** The samples from the rows of sampleStatements. */
export function samplesFrom(today: string, orders: Record<string, unknown>[], busyRoles: Record<string, unknown>[]): Omit<Samples, 'tokens'> {
  return {
    today,
    orders: orders.map((row) => ({ id: Number(row['id']), orderSn: String(row['order_sn']), userId: Number(row['user_id']), gameAccountId: Number(row['game_account_id']) })),
    players: orders.map((row) => ({
      userId: Number(row['user_id']),
      contact: String(row['contact']),
      roleId: String(row['role_id']),
      roleName: String(row['role_name']),
      gameAccountId: Number(row['game_account_id']),
      appId: Number(row['app_id']),
      orderId: Number(row['id']),
    })),
    busyRoles: busyRoles.map((row) => Number(row['game_account_id'])),
  };
}

const pick = <T>(list: T[], i: number): T => list[i % list.length]!;
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
const get = (path: string): Request => ({ method: 'GET', path });
/** A range ending `shift` days before today, `days` long (each sample shifts it, so no two samples ask the same range). */
const range = (s: Samples, i: number, days: number) => {
  const to = daysBefore(s.today, 1 + (i % 7) * 3);
  return `from=${daysBefore(to, days - 1)}&to=${to}`;
};
const isoRange = (s: Samples, i: number, days: number) => {
  const to = Date.parse(`${s.today}T00:00:00Z`) - (i % 7) * 3 * 86_400_000;
  return `from=${encodeURIComponent(new Date(to - days * 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(to).toISOString())}`;
};

export const CONSOLE_OPERATIONS: Operation[] = [
  { name: 'console: session (auth/me)', request: () => get('/api/console/v1/auth/me') },
  { name: 'console: order search, newest', request: () => get('/api/console/v1/orders?pageSize=20') },
  // A page deep in the history, as the pager's next link reaches it: the cursor names a (time, id) position in the list.
  {
    name: 'console: order search, a page deep in history (cursor)',
    request: (s, i) => get(`/api/console/v1/orders?pageSize=20&cursor=${encodeURIComponent(`n_${daysBefore(s.today, 30 + (i % 300))}T00:00:00.000000Z_999999999999999`)}`),
  },
  { name: 'console: order search by order number tail', request: (s, i) => get(`/api/console/v1/orders?q=${pick(s.orders, i).orderSn.slice(12)}`) },
  { name: 'console: order search by player', request: (s, i) => get(`/api/console/v1/orders?player=${encodeURIComponent(pick(s.players, i).contact)}`) },
  { name: 'console: order search by role id', request: (s, i) => get(`/api/console/v1/orders?role=${pick(s.players, i).roleId}`) },
  { name: 'console: order search by transaction id', request: (s, i) => get(`/api/console/v1/orders?transactionId=P${pick(s.orders, i).id}`) },
  { name: 'console: order search, status 8', request: () => get('/api/console/v1/orders?status=8') },
  { name: 'console: order search, a week', request: (s, i) => get(`/api/console/v1/orders?${isoRange(s, i, 7)}`) },
  { name: 'console: order search, a month, paypal, refunded', request: (s, i) => get(`/api/console/v1/orders?${isoRange(s, i, 30)}&provider=paypal&status=6,9`) },
  { name: 'console: order filters', request: () => get('/api/console/v1/orders/filters') },
  { name: 'console: order page', request: (s, i) => get(`/api/console/v1/orders/${pick(s.orders, i).id}`) },
  { name: 'console: queue counts', request: () => get('/api/console/v1/order-queues/counts') },
  { name: 'console: delivery errors queue', request: () => get('/api/console/v1/order-queues/delivery-errors') },
  { name: 'console: refund requests queue', request: () => get('/api/console/v1/order-queues/refund-requests') },
  { name: 'console: second payments queue', request: () => get('/api/console/v1/order-queues/second-payments') },
  { name: 'console: reconciliation queue', request: () => get('/api/console/v1/order-queues/reconciliation') },
  { name: 'console: player search by e-mail/phone', request: (s, i) => get(`/api/console/v1/players?q=${encodeURIComponent(pick(s.players, i).contact)}`) },
  { name: 'console: player search by role name prefix', request: (s, i) => get(`/api/console/v1/players?q=${pick(s.players, i).roleName.slice(0, 7)}&by=role`) },
  { name: 'console: player page', request: (s, i) => get(`/api/console/v1/players/${pick(s.players, i).userId}`) },
  { name: "console: player's orders", request: (s, i) => get(`/api/console/v1/players/${pick(s.players, i).userId}/orders?pageSize=20`) },
  { name: 'console: role page', request: (s, i) => get(`/api/console/v1/players/roles/${pick(s.players, i).gameAccountId}`) },
  { name: "console: role's voucher ledger", request: (s, i) => get(`/api/console/v1/players/roles/${pick(s.busyRoles, i)}/ledger?pageSize=20`) },
  { name: 'console: catalogue, products of a game', request: (s, i) => get(`/api/console/v1/catalogue/products?appId=${pick(s.players, i).appId}&page=1&pageSize=50`) },
  { name: 'console: catalogue, games', request: () => get('/api/console/v1/catalogue/games') },
  { name: 'console: audit log', request: () => get('/api/console/v1/audit?limit=50') },
  { name: 'console: operators', request: () => get('/api/console/v1/operators') },
  { name: 'report: sales, a day', request: (s, i) => get(`/api/console/v1/reports/sales?${range(s, i, 1)}`) },
  { name: 'report: sales, a month by day', request: (s, i) => get(`/api/console/v1/reports/sales?${range(s, i, 30)}`) },
  { name: 'report: sales, a year by day', request: (s) => get(`/api/console/v1/reports/sales?from=${daysBefore(s.today, 365)}&to=${daysBefore(s.today, 1)}`) },
  { name: 'report: sales, a month by product', request: (s, i) => get(`/api/console/v1/reports/sales?${range(s, i, 30)}&groupBy=product`) },
  { name: 'report: sales, a year by product', request: (s) => get(`/api/console/v1/reports/sales?from=${daysBefore(s.today, 365)}&to=${daysBefore(s.today, 1)}&groupBy=product`) },
  { name: 'report: sales, a month by country', request: (s, i) => get(`/api/console/v1/reports/sales?${range(s, i, 30)}&groupBy=country`) },
  { name: 'report: sales, a month by game', request: (s, i) => get(`/api/console/v1/reports/sales?${range(s, i, 30)}&groupBy=game`) },
  { name: 'report: sales, a month by source, one game', request: (s, i) => get(`/api/console/v1/reports/sales?${range(s, i, 30)}&groupBy=source&appId=10030`) },
  { name: 'report: sales, a month, refunds of its orders', request: (s, i) => get(`/api/console/v1/reports/sales?${range(s, i, 30)}&refundBasis=ordered&groupBy=provider`) },
  { name: 'CSV: sales, a month by day', request: (s, i) => get(`/api/console/v1/reports/sales.csv?${range(s, i, 30)}`) },
  { name: 'report: refunds, a month', request: (s, i) => get(`/api/console/v1/reports/refunds?${range(s, i, 30)}`) },
  { name: 'CSV: refunds, a month', request: (s, i) => get(`/api/console/v1/reports/refunds.csv?${range(s, i, 30)}`) },
  { name: 'dashboard: a month', request: (s, i) => get(`/api/console/v1/analytics/summary?${range(s, i, 30)}`) },
  { name: 'dashboard: a month, one game', request: (s, i) => get(`/api/console/v1/analytics/summary?${range(s, i, 30)}&appId=${pick(s.players, i).appId}`) },
  { name: 'dashboard: a year', request: (s) => get(`/api/console/v1/analytics/summary?from=${daysBefore(s.today, 365)}&to=${daysBefore(s.today, 1)}`) },
];

export const PLAYER_OPERATIONS: Operation[] = [
  { name: 'player: user info', request: () => get('/api/user/info') },
  { name: 'player: roles', request: () => ({ method: 'POST', path: '/api/v1/role/list', body: {} }) },
  { name: 'player: order list', request: () => get('/api/v1/order/list/all?type=1&pageNum=1&pageSize=50') },
  { name: 'player: order detail', request: (s, i) => ({ method: 'POST', path: '/api/v1/order/detail', body: { orderId: pick(s.players, i).orderId } }) },
  { name: 'player: voucher history', request: () => get('/api/v1/voucher/history?pageNum=1&pageSize=20') },
  { name: 'player: voucher packs', request: (s, i) => ({ method: 'POST', path: `/api/v1/voucher/list/${pick(s.players, i).appId}`, body: {} }) },
];
