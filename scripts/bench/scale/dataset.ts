// A publisher's data set, generated inside the database: every table is filled by `INSERT ... SELECT` over
// generate_series (or over the rows generated before it), in chunks of order ids, so PostgreSQL does the work and nothing
// crosses the wire. The shape: players with 1.25 roles each, orders over the 365 days before generation with a daily and a
// weekly rhythm, the shop's status mix, several countries, currencies and languages, the demo catalogue's products, a
// voucher ledger whose balance_after and voucher_accounts.balance agree with the sum of the entries, game spends, refunds,
// payment events, jobs, page views (most of them by signed-in players) and refresh tokens. Deterministic: every choice is a hash of the row's id (scale_bench.u).
//
// Used by `npm run bench:scale` (scripts/bench-scale.ts) at millions of orders and by the plan check
// (apps/server/test/plan-check.test.ts) at a few thousand. One function per table below: when the schema changes, the
// table's INSERT is the one place to change.
//
// Triggers: the load runs with `session_replication_role = replica`, which skips every trigger, the foreign-key checks
// among them (measured: 4 foreign keys cost 2.3 s of an 8 s insert of 20,000 orders; the rows are consistent by
// construction). generateDataset names each trigger it bypassed in its progress output, and runs DERIVED_DATA_REBUILDS
// afterwards: every trigger that maintains derived data must have its rebuild statement there.

/** Runs one SQL statement (no parameters: every value below is a number the generator made). */
export type Execute = (statement: string) => Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;

/** Raised when the generated rows change shape, so a data set kept from an older generator is made again. */
export const GENERATOR_VERSION = 4;

export interface DatasetSize {
  orders: number;
  players: number;
}

export interface TableFigure {
  table: string;
  rows: number;
  seconds: number;
}

/** One statement of DERIVED_DATA_REBUILDS (or the ANALYZE around them) and its time. */
export interface RebuildFigure {
  statement: string;
  seconds: number;
}

/**
 * Statements run once after the bulk load, for what the bypassed triggers would have maintained: the sales report's
 * rollups (migration 0019, the sales_rollup_* triggers; in UTC, the server's default REPORT_TIME_ZONE: a server started
 * with another zone rebuilds them once itself) and the dashboard's player activity (migration 0022, the
 * *_record_player_activity triggers; in report_settings' zone, UTC as migrated). Both are what the shop's own rebuilds
 * run (SalesRollups.rebuild at a time-zone change, the migration of 0022).
 */
export const DERIVED_DATA_REBUILDS: string[] = [
  `SELECT sales_rollup_rebuild('UTC', true)`,
  `SELECT rebuild_player_activity()`,
  // The reconciliation schedule (migration 0020, its two triggers): the closures and left sessions of the default
  // look-back (RECONCILE_LOOKBACK_HOURS, 72), as the migration's own backfill fills it on upgrade.
  `INSERT INTO reconciliation_schedule (order_id, since)
     SELECT id, updated_at FROM orders
      WHERE status IN (4, 5, 7) AND third_channel_name IS NOT NULL AND updated_at > now() - interval '72 hours'
   ON CONFLICT (order_id) DO NOTHING`,
  `INSERT INTO reconciliation_schedule (order_id, since)
     SELECT order_id, max(created_at) FROM superseded_payment_sessions WHERE created_at > now() - interval '72 hours' GROUP BY order_id
   ON CONFLICT (order_id) DO UPDATE SET since = greatest(reconciliation_schedule.since, excluded.since)`,
];

/**
 * Triggers that DERIVED_DATA_REBUILDS (or the generator itself) accounts for; any other one stops the load.
 * `orders_release_unpaid_slot` fires on status updates only (open_orders is set by openOrderSlots below),
 * `audit_log_append_only`/`audit_log_no_truncate` refuse changes, `products_version` fires on catalogue updates (the
 * generator writes none; lines take the seeded products' version).
 */
const TRIGGERS_ACCOUNTED_FOR = new Set([
  'orders_release_unpaid_slot',
  'audit_log_append_only',
  'audit_log_no_truncate',
  'products_version',
  'orders_track_player_activity',
  'analytics_events_record_player_activity',
  'orders_reconciliation_closure',
  'superseded_payment_sessions_reconciliation',
  ...['orders_insert', 'orders_delete', 'orders_before', 'orders_after', 'items_before', 'items_after']
    .concat(['insert', 'update', 'delete'].flatMap((op) => [`refunds_${op}_before`, `refunds_${op}_after`]))
    .concat(['ledger_insert_before', 'ledger_insert_after', 'ledger_change_before', 'ledger_change_after'])
    .map((trigger) => `sales_rollup_${trigger}`),
]);

/** Order ids per statement: large enough for PostgreSQL's bulk paths, small enough to report progress. */
const CHUNK = 250_000;
/** Unpaid orders (status 0/1) in the last hour before generation: at most this many (fewer for tiny sets). */
const UNPAID_TAIL = 300;
/** Page views (and purchase events) stored per order in the analytics retention window (90 days by default). */
const EVENTS_PER_ORDER = 3;
const ANALYTICS_DAYS = 90;
/** Jobs older than this are gone (retention's default RETENTION_JOBS_DAYS), dead letters excepted. */
const JOBS_DAYS = 14;

/**
 * Where each player comes from: weight in percent (sums to 100), currency, minor units per US cent of list price, and the
 * language the player's orders are placed in (orders.language; the line's name is the product's name in it).
 */
const COUNTRIES: [region: string, weight: number, currency: string, perUsCent: number, language: string][] = [
  ['US', 32, 'USD', 1, 'en'],
  ['DE', 8, 'EUR', 0.92, 'de'],
  ['GB', 6, 'GBP', 0.79, 'en'],
  ['FR', 5, 'EUR', 0.92, 'fr'],
  ['BR', 7, 'BRL', 5.1, 'pt'],
  ['JP', 6, 'JPY', 1.55, 'ja'],
  ['ID', 6, 'IDR', 160, 'id'],
  ['KR', 4, 'KRW', 13.6, 'ko'],
  ['TH', 4, 'THB', 36, 'th'],
  ['PH', 3, 'PHP', 57, 'en'],
  ['MX', 4, 'MXN', 17, 'es'],
  ['TR', 3, 'TRY', 33, 'tr'],
  ['PL', 3, 'PLN', 4, 'pl'],
  ['IN', 3, 'INR', 84, 'en'],
  ['VN', 3, 'VND', 250, 'vi'],
  ['CA', 3, 'CAD', 1.37, 'en'],
];

/** The shop's status mix (issue 21): status, share of the year's orders. The rest of 1.0 is 7 (failed). */
const STATUS_MIX: [status: number, share: number][] = [
  [3, 0.8],
  [2, 0.01],
  [8, 0.005],
  [6, 0.005],
  [9, 0.005],
  [4, 0.1],
  [5, 0.05],
];

/** How each final status was reached (order-state-machine.ts): step, from, to, event, which time of the order it took. */
const STATUS_STEPS: [status: number, step: number, from: number, to: number, event: string, at: 'paid' | 'delivered' | 'updated'][] = [
  [1, 1, 0, 1, 'paymentPending', 'updated'],
  [2, 1, 0, 2, 'paymentConfirmed', 'paid'],
  [3, 1, 0, 2, 'paymentConfirmed', 'paid'],
  [3, 2, 2, 3, 'delivered', 'delivered'],
  [4, 1, 0, 4, 'expired', 'updated'],
  [5, 1, 0, 5, 'cancelledByPlayer', 'updated'],
  [6, 1, 0, 2, 'paymentConfirmed', 'paid'],
  [6, 2, 2, 6, 'refundedBeforeDelivery', 'updated'],
  [7, 1, 0, 7, 'paymentFailed', 'updated'],
  [8, 1, 0, 2, 'paymentConfirmed', 'paid'],
  [8, 2, 2, 8, 'deliveryFailed', 'updated'],
  [9, 1, 0, 2, 'paymentConfirmed', 'paid'],
  [9, 2, 2, 3, 'delivered', 'delivered'],
  [9, 3, 3, 9, 'refundedAfterDelivery', 'updated'],
];

const PAGES = ['/home', '/role', '/voucher', '/shop', '/shoppingCart', '/orders', '/purchase'];
const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
];

// ---------------------------------------------------------------------------------------------------------------------
// The choices, as SQL expressions of an order's id (shared by every table that needs the same choice)

/** A number in [0, 1) from an id and a salt: the same id and salt always give the same number. */
const u = (id: string, salt: number) => `scale_bench.u(${id}, ${salt})`;

interface Shape {
  orders: number;
  players: number;
  roles: number;
  /** Orders before the unpaid tail (the year's history). */
  history: number;
}

const shapeOf = (size: DatasetSize): Shape => {
  const tail = Math.min(UNPAID_TAIL, Math.floor(size.orders / 100));
  return { orders: size.orders, players: size.players, roles: size.players + Math.floor(size.players / 4), history: size.orders - tail };
};

/** A player's first role is their id; the first quarter of the players has a second one (id + players). */
const orderUser = (s: Shape, id: string) => `least(${s.players}, 1 + floor(${s.players} * power(${u(id, 1)}, 1.6))::bigint)`;
const orderRole = (s: Shape, user: string, id: string) =>
  `CASE WHEN ${user} <= ${Math.floor(s.players / 4)} AND ${u(id, 2)} < 0.4 THEN ${user} + ${s.players} ELSE ${user} END`;
/** Odd roles play Breaking Dead (10030), even ones Myth Wars (10002). */
const roleApp = (role: string) => `CASE WHEN ${role} % 2 = 1 THEN 10030 ELSE 10002 END`;
const orderKind = (id: string) => `CASE WHEN ${u(id, 3)} < 0.6 THEN 'voucher' WHEN ${u(id, 3)} < 0.98 THEN 'shop' ELSE 'gift' END`;
/** The product's index among its game's products of its kind (scale_bench.products.k). */
const productPick = (id: string, count: string) => `floor(${u(id, 4)} * ${count})::int`;
/** The player's country: one of 100 slots weighted by COUNTRIES. */
const countrySlot = (user: string) => `floor(${u(user, 9)} * 100)::int`;
const orderStatus = (s: Shape, id: string, kind: string) => {
  let cumulative = 0;
  const cases = STATUS_MIX.map(([status, share]) => `WHEN ${u(id, 5)} < ${(cumulative += share)} THEN ${status}`).join(' ');
  return `CASE WHEN ${id} > ${s.history} THEN (CASE WHEN ${u(id, 5)} < 0.85 THEN 0 ELSE 1 END) WHEN ${kind} = 'gift' THEN 3 ${cases} ELSE 7 END`;
};
const orderProvider = (id: string) => `CASE WHEN ${u(id, 7)} < 0.35 THEN 'paypal' WHEN ${u(id, 7)} < 0.75 THEN 'xsolla' ELSE 'payermax' END`;
/**
 * Created over the 365 days before the last hour, ids in time order, denser in the evening and at weekends: the position
 * x in the year is bent by sine terms of period a day and a week (the map stays increasing, so ids follow time).
 */
const orderCreated = (s: Shape, id: string) => {
  const x = `((${id} - 0.5) / ${s.history})`;
  const day = 2 * Math.PI * 365;
  const week = 2 * Math.PI * 52;
  const bent = `(${x} + 0.5 * sin(${day} * ${x}) / ${day} + 0.25 * sin(${week} * ${x}) / ${week})`;
  return `CASE WHEN ${id} > ${s.history}
    THEN scale_bench.anchor() - interval '1 hour' + (${id} - ${s.history}) * interval '55 minutes' / ${Math.max(1, s.orders - s.history)}
    ELSE scale_bench.anchor() - interval '1 hour' - interval '365 days' + ${bent} * interval '365 days' END`;
};
/** A voucher order's spend in the game, tied to it: 70% of credited packs are partly or wholly spent within 20 hours. */
const spendShare = (id: string) => `CASE WHEN ${u(id, 21)} < 0.7 THEN 0.3 + 0.7 * ${u(id, 20)} ELSE 0 END`;
const spendAt = (id: string, delivered: string) => `${delivered} + interval '1 minute' + ${u(id, 23)} * interval '20 hours'`;

// ---------------------------------------------------------------------------------------------------------------------
// Helpers and lookup tables (schema scale_bench, beside the shop's tables)

async function createHelpers(run: Execute, size: DatasetSize): Promise<void> {
  await run(`CREATE SCHEMA IF NOT EXISTS scale_bench`);
  await run(`CREATE OR REPLACE FUNCTION scale_bench.u(id bigint, salt int) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT (hashint8(id * 7919 + salt) & 2147483647)::float8 / 2147483648.0 $$`);
  await run(`CREATE TABLE IF NOT EXISTS scale_bench.dataset (
    orders bigint NOT NULL, players bigint NOT NULL, version int NOT NULL, anchor timestamptz NOT NULL,
    finished_at timestamptz, seconds float8)`);
  await run(`DELETE FROM scale_bench.dataset`);
  await run(`INSERT INTO scale_bench.dataset (orders, players, version, anchor) VALUES (${size.orders}, ${size.players}, ${GENERATOR_VERSION}, date_trunc('second', now()))`);
  // Every generated time is relative to the moment generation started. A constant in an immutable SQL function: PostgreSQL
  // inlines it and folds it once per statement (a function reading the marker table would run per row).
  const anchor = String((await run(`SELECT to_char(anchor AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at FROM scale_bench.dataset`)).rows[0]!['at']);
  await run(`CREATE OR REPLACE FUNCTION scale_bench.anchor() RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT '${anchor}'::timestamptz $$`);
  const slots = COUNTRIES.flatMap(([region, weight, currency, perUsCent, language]) => Array.from({ length: weight }, () => ({ region, currency, perUsCent, language })));
  if (slots.length !== 100) throw new Error(`country weights add up to ${slots.length}, not 100`);
  await run(`DROP TABLE IF EXISTS scale_bench.countries`);
  await run(`CREATE TABLE scale_bench.countries AS SELECT * FROM (VALUES ${slots
    .map((slot, index) => `(${index}, '${slot.region}'::char(2), '${slot.currency}'::char(3), ${slot.perUsCent}::float8, '${slot.language}'::text)`)
    .join(', ')}) AS v(slot, region, currency, per_us_cent, language)`);
  // The exchange rate an order froze (units per US dollar, exact): JPY at 1.55 minor units per US cent is 155 per dollar.
  await run(`ALTER TABLE scale_bench.countries ADD COLUMN per_usd numeric(24, 12)`);
  await run(`UPDATE scale_bench.countries SET per_usd = per_us_cent::numeric * 10::numeric ^ (2 - currency_minor_digits(currency))`);
  // the demo catalogue's products by game and kind, numbered 0..n-1 within each (the order's product pick)
  await run(`DROP TABLE IF EXISTS scale_bench.products`);
  await run(`CREATE TABLE scale_bench.products AS
    SELECT p.*, CASE p.goods_type WHEN 5 THEN 'voucher' WHEN 4 THEN 'gift' ELSE 'shop' END AS kind,
           (row_number() OVER (PARTITION BY p.app_id, CASE p.goods_type WHEN 5 THEN 'voucher' WHEN 4 THEN 'gift' ELSE 'shop' END ORDER BY p.id) - 1)::int AS k
    FROM products p WHERE NOT p.hidden`);
  await run(`DROP TABLE IF EXISTS scale_bench.product_counts`);
  await run(`CREATE TABLE scale_bench.product_counts AS SELECT app_id, kind, count(*)::int AS n FROM scale_bench.products GROUP BY app_id, kind`);
  const missing = await run(`SELECT count(*)::int AS n FROM (SELECT a, k FROM (VALUES (10030), (10002)) g(a), (VALUES ('voucher'), ('shop'), ('gift')) t(k)
    EXCEPT SELECT app_id, kind FROM scale_bench.product_counts) m`);
  if (Number(missing.rows[0]!['n']) > 0) throw new Error('the demo catalogue is not loaded (start the shop once on this database, or seed it)');
  // one pay channel per game and provider (the order's channel), and each game's servers numbered 0..n-1
  await run(`DROP TABLE IF EXISTS scale_bench.channels`);
  await run(`CREATE TABLE scale_bench.channels AS
    SELECT DISTINCT ON (app_id, third_channel_name) app_id, third_channel_name AS provider, id, pay_method_name, pay_method_id
    FROM pay_channels ORDER BY app_id, third_channel_name, (region_code = '*') DESC, sort, id`);
  await run(`DROP TABLE IF EXISTS scale_bench.servers`);
  await run(`CREATE TABLE scale_bench.servers AS
    SELECT app_id, server_id, (row_number() OVER (PARTITION BY app_id ORDER BY sort, server_id) - 1)::int AS k, count(*) OVER (PARTITION BY app_id)::int AS n
    FROM game_servers`);
  await run(`DROP TABLE IF EXISTS scale_bench.status_steps`);
  await run(`CREATE TABLE scale_bench.status_steps AS SELECT * FROM (VALUES ${STATUS_STEPS.map(
    ([status, step, from, to, event, at]) => `(${status}, ${step}, ${from}, ${to}, '${event}', '${at}')`,
  ).join(', ')}) AS s(status, step, from_status, to_status, event, at)`);
}

// ---------------------------------------------------------------------------------------------------------------------
// One function per table. Each answers the statements that fill it; `range` ones are run per chunk of order ids.

type Range = [first: number, last: number];

const users = (s: Shape, [first, last]: Range) => `
  INSERT INTO users (id, email, mobile, country_code, created_at, updated_at)
  SELECT g.id,
         CASE WHEN ${u('g.id', 30)} < 0.8 THEN 'player' || g.id || '@scale.bench' END,
         CASE WHEN ${u('g.id', 30)} >= 0.6 THEN '+1555' || lpad(g.id::text, 9, '0') END,
         c.region,
         scale_bench.anchor() - interval '400 days' * (1 - g.id::float8 / ${s.players}) - interval '1 day',
         scale_bench.anchor() - interval '400 days' * (1 - g.id::float8 / ${s.players}) - interval '1 day'
  FROM generate_series(${first}, ${last}) AS g(id)
  JOIN scale_bench.countries c ON c.slot = ${countrySlot('g.id')}`;

const gameAccounts = (s: Shape, [first, last]: Range) => `
  INSERT INTO game_accounts (id, owner_user_id, app_id, account_id, server_id, role_id, role_name, account_name, user_level, created_at, updated_at)
  SELECT r.id, r.owner, r.app_id, 'acc' || r.owner, sv.server_id, 'R' || r.id, 'Hero' || r.id, '', 1 + floor(${u('r.id', 31)} * 80)::int,
         u.created_at, u.created_at
  FROM (SELECT g.id, CASE WHEN g.id > ${s.players} THEN g.id - ${s.players} ELSE g.id END AS owner, ${roleApp('g.id')} AS app_id
        FROM generate_series(${first}, ${last}) AS g(id)) r
  JOIN users u ON u.id = r.owner
  JOIN scale_bench.servers sv ON sv.app_id = r.app_id AND sv.k = floor(${u('r.id', 32)} * sv.n)::int`;

const playerRoles = (s: Shape, [first, last]: Range) => `
  INSERT INTO player_roles (user_id, game_account_id, is_default, created_at)
  SELECT owner_user_id, id, id <= ${s.players}, created_at FROM game_accounts WHERE id BETWEEN ${first} AND ${last}`;

const orders = (s: Shape, [first, last]: Range) => `
  INSERT INTO orders (id, order_sn, user_id, app_id, game_account_id, order_source, status, currency, total_amount_minor, pay_amount_minor,
                      region_code, selected_region_code, pay_channel_id, pay_method_name, pay_method_id, third_channel_name, third_order_id,
                      provider_payment_id, language, expires_at, paid_at, delivered_at, created_at, updated_at,
                      country_code, base_currency, base_total_minor, base_pay_minor, exchange_rate, tax_model, tax_rate_bp, tax_minor)
  SELECT o.id,
         to_char(o.created_at AT TIME ZONE 'UTC', 'YYMMDDHH24MISS') || lpad((o.id % 10000000000)::text, 10, '0'),
         o.user_id, o.app_id, o.role_id, o.kind, o.status, c.currency,
         priced.charged, priced.charged,
         c.region, c.region,
         ch.id, ch.pay_method_name, ch.pay_method_id, ch.provider,
         CASE WHEN ch.provider IS NOT NULL THEN 'S' || o.id END,
         CASE WHEN ch.provider IS NOT NULL AND o.status IN (2, 3, 6, 8, 9) THEN 'P' || o.id END,
         c.language,
         CASE WHEN o.kind <> 'gift' THEN o.created_at + interval '30 minutes' END,
         o.paid_at,
         CASE WHEN o.status IN (3, 9) THEN o.paid_at + (2 + 18 * ${u('o.id', 11)}) * interval '1 second' END,
         o.created_at,
         least(scale_bench.anchor(), CASE o.status
           WHEN 0 THEN o.created_at
           WHEN 1 THEN o.created_at + interval '1 minute'
           WHEN 2 THEN o.paid_at
           WHEN 3 THEN o.paid_at + (2 + 18 * ${u('o.id', 11)}) * interval '1 second'
           WHEN 4 THEN o.created_at + interval '30 minutes'
           WHEN 5 THEN o.created_at + (2 + 8 * ${u('o.id', 12)}) * interval '1 minute'
           WHEN 7 THEN o.created_at + (1 + 4 * ${u('o.id', 12)}) * interval '1 minute'
           WHEN 8 THEN o.paid_at + interval '5 minutes'
           ELSE o.paid_at + (1 + 9 * ${u('o.id', 13)}) * interval '1 day' END),
         -- Sold at local prices (ADR 0050): the country, and the amounts in USD at the country's rate, frozen.
         c.region, 'USD', to_base_minor(priced.charged, c.currency, c.per_usd), to_base_minor(priced.charged, c.currency, c.per_usd), c.per_usd, 'none', 0, 0
  FROM (
    SELECT b.*, CASE WHEN b.status IN (2, 3, 6, 8, 9) THEN b.created_at + (30 + 150 * ${u('b.id', 10)}) * interval '1 second' END AS paid_at
    FROM (
      SELECT a.*, ${roleApp('a.role_id')} AS app_id, ${orderStatus(s, 'a.id', 'a.kind')} AS status, ${orderCreated(s, 'a.id')} AS created_at,
             CASE WHEN a.kind = 'shop' AND ${u('a.id', 6)} < 0.1 THEN 2 ELSE 1 END AS quantity, ${orderProvider('a.id')} AS provider,
             ${countrySlot('a.user_id')} AS slot
      FROM (SELECT r.id, r.user_id, ${orderRole(s, 'r.user_id', 'r.id')} AS role_id, ${orderKind('r.id')} AS kind
            FROM (SELECT g.id, ${orderUser(s, 'g.id')} AS user_id FROM generate_series(${first}, ${last}) AS g(id) OFFSET 0) r OFFSET 0) a OFFSET 0
    ) b OFFSET 0
  ) o
  JOIN scale_bench.product_counts pc ON pc.app_id = o.app_id AND pc.kind = o.kind
  JOIN scale_bench.products p ON p.app_id = o.app_id AND p.kind = o.kind AND p.k = ${productPick('o.id', 'pc.n')}
  JOIN scale_bench.countries c ON c.slot = o.slot
  CROSS JOIN LATERAL (SELECT round(p.discount_price_minor * o.quantity * c.per_us_cent)::int AS charged) priced
  LEFT JOIN scale_bench.channels ch ON o.kind <> 'gift' AND ch.app_id = o.app_id AND ch.provider = o.provider`;

/**
 * The order's one line: its product at the price the order paid (a shop order may take 2 of it), named in the order's
 * language (else English, else any name: pickLocalized, as placement does), at the product's version.
 */
const orderItems = (_s: Shape, [first, last]: Range) => `
  INSERT INTO order_items (order_id, product_id, name, product_version, category_id, goods_type, quantity, currency, price_minor,
                           original_price_minor, voucher_amount)
  SELECT o.id, p.id, coalesce(p.names ->> o.language, p.names ->> 'en', jsonb_path_query_first(p.names, '$.*') #>> '{}', ''), p.version, p.category_id, p.goods_type, q.quantity, o.currency,
         o.total_amount_minor / q.quantity, greatest(o.total_amount_minor / q.quantity, round(p.price_minor * c.per_us_cent)::int), p.voucher_amount
  FROM orders o
  CROSS JOIN LATERAL (SELECT CASE WHEN o.order_source = 'shop' AND ${u('o.id', 6)} < 0.1 THEN 2 ELSE 1 END AS quantity) q
  JOIN scale_bench.product_counts pc ON pc.app_id = o.app_id AND pc.kind = o.order_source
  JOIN scale_bench.products p ON p.app_id = o.app_id AND p.kind = o.order_source AND p.k = ${productPick('o.id', 'pc.n')}
  JOIN scale_bench.countries c ON c.region = o.region_code AND c.slot = ${countrySlot('o.user_id')}
  WHERE o.id BETWEEN ${first} AND ${last}`;

const orderStatusHistory = (_s: Shape, [first, last]: Range) => `
  INSERT INTO order_status_history (order_id, from_status, to_status, event, created_at)
  SELECT o.id, st.from_status, st.to_status, CASE WHEN o.order_source = 'gift' AND st.to_status = 2 THEN 'giftClaimed' ELSE st.event END,
         CASE st.at WHEN 'paid' THEN o.paid_at WHEN 'delivered' THEN o.delivered_at ELSE o.updated_at END
  FROM orders o JOIN scale_bench.status_steps st ON st.status = o.status
  WHERE o.id BETWEEN ${first} AND ${last}
  ORDER BY o.id, st.step`;

/** What the providers told: the payment (or its failure), and the refund of refunded orders. */
const paymentEvents = (_s: Shape, [first, last]: Range) => `
  INSERT INTO payment_events (provider, event_key, event_type, order_id, payment_id, refund_id, payload, created_at)
  SELECT o.third_channel_name, o.third_channel_name || ':' || e.type || ':' || o.id, e.type, o.id,
         o.provider_payment_id, CASE WHEN e.type = 'refund.completed' THEN 'R' || o.id END,
         jsonb_build_object('orderSn', o.order_sn, 'amount', o.pay_amount_minor, 'currency', o.currency, 'status', e.type),
         CASE WHEN e.type = 'refund.completed' THEN o.updated_at WHEN e.type = 'payment.failed' THEN o.updated_at ELSE o.paid_at END
  FROM orders o
  JOIN (VALUES ('payment.completed', ARRAY[2, 3, 6, 8, 9]), ('refund.completed', ARRAY[6, 9]), ('payment.failed', ARRAY[7])) AS e(type, statuses)
    ON o.status = ANY (e.statuses)
  WHERE o.id BETWEEN ${first} AND ${last} AND o.third_channel_name IS NOT NULL
  ORDER BY o.id`;

/**
 * The voucher ledger in time order: each delivered voucher pack's credit, the game's spend of part of it (within 20 hours,
 * before any refund), a few spends reversed by the game, and what a refund after delivery took back. Every pack's own
 * entries never take more than it credited, in time order, so no balance goes below zero; balance_after is the running
 * sum per role in id (= time) order, and voucher_accounts holds the final sums.
 */
const voucherLedgerStage = () => `
  CREATE TABLE scale_bench.ledger_stage AS
  SELECT e.*, sum(e.amount) OVER (PARTITION BY e.game_account_id ORDER BY e.at, e.seq, e.order_id) AS balance_after
  FROM (
    SELECT o.game_account_id, o.delivered_at AS at, 0 AS seq, v.credited AS amount, 'purchase' AS kind, 'order:' || o.order_sn AS reference, o.id AS order_id
      FROM orders o JOIN LATERAL (SELECT sum(i.voucher_amount * i.quantity)::bigint AS credited FROM order_items i WHERE i.order_id = o.id) v ON v.credited > 0
      WHERE o.order_source = 'voucher' AND o.status IN (3, 9)
    UNION ALL
    SELECT o.game_account_id, ${spendAt('o.id', 'o.delivered_at')}, 1, -floor(v.credited * ${spendShare('o.id')})::bigint, 'spend',
           'game:' || o.app_id || ':T' || o.id, o.id
      FROM orders o JOIN LATERAL (SELECT sum(i.voucher_amount * i.quantity)::bigint AS credited FROM order_items i WHERE i.order_id = o.id) v ON v.credited > 0
      WHERE o.order_source = 'voucher' AND o.status IN (3, 9) AND floor(v.credited * ${spendShare('o.id')}) > 0
        AND ${spendAt('o.id', 'o.delivered_at')} < scale_bench.anchor()
    UNION ALL
    SELECT o.game_account_id, ${spendAt('o.id', 'o.delivered_at')} + interval '1 hour', 2, floor(v.credited * ${spendShare('o.id')})::bigint, 'spend_reversal',
           'game:' || o.app_id || ':T' || o.id || ':reversal', o.id
      FROM orders o JOIN LATERAL (SELECT sum(i.voucher_amount * i.quantity)::bigint AS credited FROM order_items i WHERE i.order_id = o.id) v ON v.credited > 0
      WHERE o.order_source = 'voucher' AND o.status = 3 AND floor(v.credited * ${spendShare('o.id')}) > 0 AND ${u('o.id', 24)} < 0.005
        AND ${spendAt('o.id', 'o.delivered_at')} + interval '1 hour' < scale_bench.anchor()
    UNION ALL
    SELECT o.game_account_id, o.updated_at, 3,
           -(v.credited - CASE WHEN ${spendAt('o.id', 'o.delivered_at')} < scale_bench.anchor() THEN floor(v.credited * ${spendShare('o.id')})::bigint ELSE 0 END),
           'refund', 'refund:' || o.order_sn, o.id
      FROM orders o JOIN LATERAL (SELECT sum(i.voucher_amount * i.quantity)::bigint AS credited FROM order_items i WHERE i.order_id = o.id) v ON v.credited > 0
      WHERE o.order_source = 'voucher' AND o.status = 9
        AND v.credited > CASE WHEN ${spendAt('o.id', 'o.delivered_at')} < scale_bench.anchor() THEN floor(v.credited * ${spendShare('o.id')})::bigint ELSE 0 END
  ) e`;

const voucherLedger = () => `
  INSERT INTO voucher_ledger (game_account_id, amount, balance_after, kind, reference, order_id, created_at)
  SELECT game_account_id, amount, balance_after, kind, reference, CASE WHEN kind IN ('purchase', 'refund') THEN order_id END, at
  FROM scale_bench.ledger_stage ORDER BY at, seq, order_id`;

const gameVoucherSpends = (_s: Shape, [first, last]: Range) => `
  INSERT INTO game_voucher_spends (app_id, transaction_id, request_hash, game_account_id, amount, item_id, item_name, spend_entry_id,
                                   reversal_entry_id, reversal_reason, created_at)
  SELECT split_part(l.reference, ':', 2)::int, split_part(l.reference, ':', 3), md5(l.reference) || md5(l.reference || ':'),
         l.game_account_id, -l.amount, 'item-' || (l.id % 40), 'Item ' || (l.id % 40), l.id,
         r.id, CASE WHEN r.id IS NOT NULL THEN 'rolled back by the game' END, l.created_at
  FROM voucher_ledger l LEFT JOIN voucher_ledger r ON r.reference = l.reference || ':reversal'
  WHERE l.id BETWEEN ${first} AND ${last} AND l.kind = 'spend'`;

const voucherAccounts = () => `
  INSERT INTO voucher_accounts (game_account_id, balance, updated_at)
  SELECT game_account_id, sum(amount), max(created_at) FROM voucher_ledger GROUP BY game_account_id`;

/** Refunded orders' refunds (completed), and a few failed attempts on delivered orders. */
/**
 * Second payments (an earlier session paid after a channel switch): about one paid order in 500, half of them refunded
 * already, with the provider's refund id, the rest open or failing, for the console's second-payments queue and search.
 */
const duplicatePayments = (_s: Shape, [first, last]: Range) => `
  INSERT INTO duplicate_payments (order_id, provider, payment_id, amount_minor, currency, status, provider_refund_id, created_at, updated_at, refunded_at)
  SELECT o.id, o.third_channel_name, 'DUP' || lpad(o.id::text, 12, '0'), o.pay_amount_minor, o.currency,
         CASE WHEN o.id % 4 = 0 THEN 'open' WHEN o.id % 4 = 1 THEN 'refund_failed' ELSE 'refunded' END,
         CASE WHEN o.id % 4 >= 2 THEN 'DUPREF' || lpad(o.id::text, 12, '0') END,
         o.paid_at + interval '10 minutes', o.paid_at + interval '1 hour', CASE WHEN o.id % 4 >= 2 THEN o.paid_at + interval '1 hour' END
    FROM orders o
   WHERE o.id BETWEEN ${first} AND ${last} AND o.paid_at IS NOT NULL AND o.third_channel_name IS NOT NULL AND o.pay_amount_minor > 0
     AND scale_bench.u(o.id, 91) < 0.002`;

const refunds = (_s: Shape, [first, last]: Range) => `
  INSERT INTO refunds (order_id, provider, provider_refund_id, status, initiated_by, amount_minor, currency, reason, vouchers_taken_back,
                       vouchers_unrecovered, game_revoke_status, last_error, created_at, updated_at, completed_at)
  SELECT o.id, o.third_channel_name, CASE WHEN o.status IN (6, 9) THEN 'R' || o.id END,
         CASE WHEN o.status IN (6, 9) THEN 'completed' ELSE 'failed' END,
         CASE WHEN ${u('o.id', 22)} < 0.6 THEN 'operator' ELSE 'provider' END,
         o.pay_amount_minor, o.currency, 'player request',
         coalesce(-taken.amount, 0),
         CASE WHEN o.status = 9 AND o.order_source = 'voucher' THEN coalesce(v.credited, 0) - coalesce(-taken.amount, 0) ELSE 0 END,
         CASE WHEN o.order_source = 'voucher' THEN NULL WHEN o.status = 9 THEN 'revoked' WHEN o.status = 6 THEN 'not-delivered' END,
         CASE WHEN o.status = 3 THEN 'provider refused the refund' END,
         o.updated_at - interval '1 minute', o.updated_at, CASE WHEN o.status IN (6, 9) THEN o.updated_at END
  FROM orders o
  LEFT JOIN voucher_ledger taken ON taken.reference = 'refund:' || o.order_sn
  LEFT JOIN LATERAL (SELECT sum(i.voucher_amount * i.quantity)::bigint AS credited FROM order_items i WHERE i.order_id = o.id) v ON true
  WHERE o.id BETWEEN ${first} AND ${last} AND o.third_channel_name IS NOT NULL
    AND (o.status IN (6, 9) OR (o.status = 3 AND ${u('o.id', 22)} < 0.0005))`;

/** Players' refund requests on delivered orders: a few open ones (the console's queue) and rejected ones. */
const refundRequests = (_s: Shape, [first, last]: Range) => `
  INSERT INTO refund_requests (order_id, user_id, status, reason, order_status, created_at, updated_at)
  SELECT o.id, o.user_id, CASE WHEN o.updated_at > scale_bench.anchor() - interval '14 days' THEN 'requested' ELSE 'rejected' END,
         'bought by mistake', 3, o.updated_at + interval '1 hour', o.updated_at + interval '1 day'
  FROM orders o
  WHERE o.id BETWEEN ${first} AND ${last} AND o.status = 3 AND o.third_channel_name IS NOT NULL AND ${u('o.id', 25)} < 0.002
    AND o.updated_at + interval '1 day' < scale_bench.anchor()`;

/**
 * The outbox as retention leaves it: the last JOBS_DAYS of expiry and delivery jobs (done, or pending for the unpaid
 * orders of the last hour), and every delivery that gave up (dead letters are kept).
 */
const jobs = (_s: Shape, [first, last]: Range) => `
  INSERT INTO jobs (kind, payload, dedupe_key, run_at, attempts, max_attempts, done_at, failed_at, last_error, created_at)
  SELECT 'order.expire', jsonb_build_object('orderId', o.id), 'expire:' || o.id, o.expires_at,
         CASE WHEN o.expires_at < scale_bench.anchor() THEN 1 ELSE 0 END, 3,
         CASE WHEN o.expires_at < scale_bench.anchor() THEN o.expires_at + interval '1 second' END, NULL, NULL, o.created_at
    FROM orders o
    WHERE o.id BETWEEN ${first} AND ${last} AND o.expires_at IS NOT NULL AND o.created_at > scale_bench.anchor() - interval '${JOBS_DAYS} days'
  UNION ALL
  SELECT 'order.deliver', jsonb_build_object('orderId', o.id), 'deliver:' || o.id, o.paid_at,
         CASE WHEN o.status = 8 THEN 10 ELSE 1 END, 10,
         CASE WHEN o.status <> 8 THEN coalesce(o.delivered_at, o.updated_at) END,
         CASE WHEN o.status = 8 THEN o.updated_at END,
         CASE WHEN o.status = 8 THEN 'game server answered 503' END, o.paid_at
    FROM orders o
    WHERE o.id BETWEEN ${first} AND ${last} AND o.order_source <> 'voucher' AND o.paid_at IS NOT NULL
      AND (o.status = 8 OR o.paid_at > scale_bench.anchor() - interval '${JOBS_DAYS} days')`;

/**
 * Page views (and some purchase events) of the web client over the analytics retention window, ids in time order. A page
 * view of a signed-in player names the player and the game (migration 0022), as the server stores it: nearly half are by
 * the player of the order placed at that moment (ids of orders follow time), on the voucher page or the shop's home
 * mostly (the store pages the dashboard counts), the rest on any page; a third are by any player, ordering or not, on any
 * page of the shop; the others are anonymous (not signed in), as are purchase events.
 */
const analyticsEvents = (s: Shape, [first, last]: Range, total: number) => `
  INSERT INTO analytics_events (id, name, tracking_id, payload, client_time, user_agent, user_id, app_id, created_at)
  SELECT g.id, e.name,
         NULL,
         CASE WHEN e.name = 'purchase'
           THEN jsonb_build_object('transactionId', 'T' || g.id, 'channel', 'paypal', 'amount', 999, 'currency', 'USD')
           ELSE jsonb_build_object('path', e.path, 'title', 'Game Shop') || CASE WHEN p.user_id IS NOT NULL THEN jsonb_build_object('appId', p.app_id) ELSE '{}' END END,
         e.at - interval '1 second',
         (ARRAY[${USER_AGENTS.map((agent) => `'${agent}'`).join(', ')}])[1 + floor(${u('g.id', 42)} * ${USER_AGENTS.length})::int],
         p.user_id, p.app_id,
         e.at
  FROM generate_series(${first}, ${last}) AS g(id)
  CROSS JOIN LATERAL (SELECT CASE WHEN ${u('g.id', 40)} < 0.05 THEN 'purchase' ELSE 'page_view' END AS name,
                             CASE WHEN ${u('g.id', 43)} < 0.45 AND ${u('g.id', 41)} < 0.8
                               THEN (ARRAY['/voucher', '/home'])[1 + floor(${u('g.id', 44)} * 2)::int]
                               ELSE (ARRAY[${PAGES.map((page) => `'${page}'`).join(', ')}])[1 + floor(${u('g.id', 46)} * ${PAGES.length})::int] END AS path,
                             scale_bench.anchor() - interval '${ANALYTICS_DAYS} days' + (g.id - 0.5) / ${total} * interval '${ANALYTICS_DAYS} days' AS at) e
  CROSS JOIN LATERAL (SELECT CASE WHEN ${u('g.id', 43)} < 0.45
                               -- the order placed nearest this moment (the history's last ANALYTICS_DAYS of 365, evenly)
                               THEN greatest(1, round(${s.history} * (${365 - ANALYTICS_DAYS} + ${ANALYTICS_DAYS} * (g.id - 0.5) / ${total}) / 365))::bigint
                             END AS order_id) near
  CROSS JOIN LATERAL (SELECT ${orderUser(s, 'near.order_id')} AS user_id) ordering
  CROSS JOIN LATERAL (SELECT 1 + floor(${u('g.id', 45)} * ${s.players})::bigint AS user_id) anyone
  CROSS JOIN LATERAL (SELECT CASE WHEN e.name = 'purchase' OR ${u('g.id', 43)} >= 0.8 THEN NULL
                                  WHEN near.order_id IS NOT NULL THEN ordering.user_id ELSE anyone.user_id END AS user_id,
                             CASE WHEN e.name = 'purchase' OR ${u('g.id', 43)} >= 0.8 THEN NULL
                                  WHEN near.order_id IS NOT NULL THEN ${roleApp(orderRole(s, 'ordering.user_id', 'near.order_id'))}
                                  ELSE ${roleApp('anyone.user_id')} END AS app_id) p`;

/** Launch sessions: one refresh token per player, a second for a quarter of them; some used, some revoked. */
const refreshTokens = (s: Shape, [first, last]: Range) => `
  INSERT INTO refresh_tokens (id, user_id, game_account_id, family_id, token_hash, expires_at, used_at, revoked_at, created_at)
  SELECT g.id, t.user_id, t.user_id, 'family-' || g.id, md5('refresh' || g.id) || md5('token' || g.id),
         t.created_at + interval '30 days',
         CASE WHEN ${u('g.id', 51)} < 0.5 THEN t.created_at + interval '15 minutes' END,
         CASE WHEN ${u('g.id', 52)} < 0.1 THEN t.created_at + interval '1 hour' END,
         t.created_at
  FROM generate_series(${first}, ${last}) AS g(id)
  CROSS JOIN LATERAL (SELECT (g.id - 1) % ${s.players} + 1 AS user_id, scale_bench.anchor() - ${u('g.id', 50)} * interval '60 days' AS created_at) t`;

/** What operators did: each operator refund is in the audit log. */
const auditLog = (_s: Shape, [first, last]: Range) => `
  INSERT INTO audit_log (actor, action, entity_type, entity_id, before, after, ip, created_at)
  SELECT 'finance@scale.bench', 'order.refund', 'order', r.order_id::text, jsonb_build_object('status', 3), jsonb_build_object('refund', r.status),
         '203.0.113.7', r.created_at
  FROM refunds r WHERE r.order_id BETWEEN ${first} AND ${last} AND r.initiated_by = 'operator'`;

/** The unpaid-order slots the placement statement and the 0015 trigger keep (users.open_orders). */
const openOrderSlots = () => `
  UPDATE users SET open_orders = c.n FROM (SELECT user_id, count(*)::int AS n FROM orders WHERE status IN (0, 1) GROUP BY user_id) c
  WHERE users.id = c.user_id`;

// ---------------------------------------------------------------------------------------------------------------------

/** Fills an empty shop database (migrated, demo catalogue seeded); returns rows and seconds per table and per rebuild. */
export async function generateDataset(
  run: Execute,
  size: DatasetSize,
  progress: (message: string) => void = () => undefined,
): Promise<{ tables: TableFigure[]; rebuilds: RebuildFigure[] }> {
  if (size.players < 4 || size.orders < 10) throw new Error('a data set needs at least 4 players and 10 orders');
  const shape = shapeOf(size);
  const figures: TableFigure[] = [];
  const started = performance.now();
  await createHelpers(run, size);
  const triggers = (await run(`SELECT tgname AS name, tgrelid::regclass::text AS "table" FROM pg_trigger WHERE NOT tgisinternal ORDER BY 2, 1`)).rows;
  const unknown = triggers.filter((trigger) => !TRIGGERS_ACCOUNTED_FOR.has(String(trigger['name'])));
  if (unknown.length) {
    throw new Error(`the bulk load bypasses triggers, and these have no rebuild in DERIVED_DATA_REBUILDS: ${unknown.map((t) => `${t['table']}.${t['name']}`).join(', ')}`);
  }
  progress(`bulk load with session_replication_role = replica: foreign-key checks and the triggers ${triggers.map((t) => `${t['table']}.${t['name']}`).join(', ')} are bypassed`);
  await run(`SET session_replication_role = replica`);

  // rows: what the table's own INSERTs reported (counting the table afterwards would read it whole)
  const step = async (table: string, statements: () => AsyncGenerator<string> | string[]) => {
    const t0 = performance.now();
    let rows = 0;
    for await (const statement of statements()) {
      const result = await run(statement);
      if (statement.trimStart().startsWith(`INSERT INTO ${table} `)) rows += result.rowCount;
    }
    const seconds = (performance.now() - t0) / 1000;
    figures.push({ table, rows, seconds });
    progress(`${table}: ${rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s (${Math.round(rows / Math.max(seconds, 0.001)).toLocaleString('en')} rows/s)`);
  };
  const chunks = (total: number, statement: (range: Range) => string) =>
    async function* () {
      for (let first = 1; first <= total; first += CHUNK) yield statement([first, Math.min(total, first + CHUNK - 1)]);
    };
  const maxId = async (table: string) => Number((await run(`SELECT coalesce(max(id), 0)::bigint AS n FROM ${table}`)).rows[0]!['n']);

  await step('users', chunks(shape.players, (range) => users(shape, range)));
  await step('game_accounts', chunks(shape.roles, (range) => gameAccounts(shape, range)));
  await step('player_roles', chunks(shape.roles, (range) => playerRoles(shape, range)));
  await step('orders', chunks(shape.orders, (range) => orders(shape, range)));
  await step('order_items', chunks(shape.orders, (range) => orderItems(shape, range)));
  await step('order_status_history', chunks(shape.orders, (range) => orderStatusHistory(shape, range)));
  await step('payment_events', chunks(shape.orders, (range) => paymentEvents(shape, range)));
  await run(`DROP TABLE IF EXISTS scale_bench.ledger_stage`);
  await step('voucher_ledger', () => [voucherLedgerStage(), voucherLedger(), `DROP TABLE scale_bench.ledger_stage`]);
  const ledgerIds = await maxId('voucher_ledger');
  await step('game_voucher_spends', chunks(ledgerIds, (range) => gameVoucherSpends(shape, range)));
  await step('voucher_accounts', () => [voucherAccounts()]);
  await step('refunds', chunks(shape.orders, (range) => refunds(shape, range)));
  await step('refund_requests', chunks(shape.orders, (range) => refundRequests(shape, range)));
  await step('duplicate_payments', chunks(shape.orders, (range) => duplicatePayments(shape, range)));
  await step('jobs', chunks(shape.orders, (range) => jobs(shape, range)));
  const events = Math.round((shape.orders * ANALYTICS_DAYS * EVENTS_PER_ORDER) / 365);
  await step('analytics_events', chunks(events, (range) => analyticsEvents(shape, range, events)));
  await step('refresh_tokens', chunks(shape.players + Math.floor(shape.players / 4), (range) => refreshTokens(shape, range)));
  await step('audit_log', chunks(shape.orders, (range) => auditLog(shape, range)));
  await run(openOrderSlots());
  await run(`RESET session_replication_role`);
  // ids were given explicitly: the sequences continue after them, so the shop's own inserts do not collide
  for (const table of ['users', 'game_accounts', 'orders', 'analytics_events', 'refresh_tokens']) {
    await run(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (SELECT coalesce(max(id), 0) FROM ${table})))`);
  }
  // statistics first, so the rebuilds' scans of orders and events are planned on them; again after, for the rebuilt tables
  const rebuilds: RebuildFigure[] = [];
  for (const statement of ['ANALYZE', ...DERIVED_DATA_REBUILDS, 'ANALYZE']) {
    const t0 = performance.now();
    await run(statement);
    rebuilds.push({ statement, seconds: (performance.now() - t0) / 1000 });
    progress(`${statement} in ${rebuilds.at(-1)!.seconds.toFixed(1)} s`);
  }
  const seconds = (performance.now() - started) / 1000;
  await run(`UPDATE scale_bench.dataset SET finished_at = now(), seconds = ${seconds}`);
  return { tables: figures, rebuilds };
}

/** The data set a database holds (from its marker), or undefined when none was finished there. */
export async function datasetOf(run: Execute): Promise<(DatasetSize & { version: number; anchor: Date; seconds: number }) | undefined> {
  const exists = await run(`SELECT to_regclass('scale_bench.dataset') IS NOT NULL AS present`);
  if (!exists.rows[0]!['present']) return undefined;
  const { rows } = await run(`SELECT orders, players, version, anchor, seconds FROM scale_bench.dataset WHERE finished_at IS NOT NULL`);
  const row = rows[0];
  if (!row) return undefined;
  return { orders: Number(row['orders']), players: Number(row['players']), version: Number(row['version']), anchor: new Date(String(row['anchor'])), seconds: Number(row['seconds']) };
}
