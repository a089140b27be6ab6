import { z } from 'zod';
import { int4Id } from '../fields.ts';
import { defineRoute } from '../route.ts';
import { Permission } from './access.ts';
import { BaseFigures, reportDay, SalesRow } from './reports.ts';

/**
 * The publisher's dashboard (docs/adr/0005-publisher-dashboard.md): the figures of a period of days in the publisher's
 * time zone (REPORT_TIME_ZONE), for one game or all, beside those of the period of the same length just before it.
 * Money is integer minor units of its currency: amounts of different currencies are never added together (one figure
 * per currency); beside them, the period's money of every currency in the base currency (USD at each order's frozen
 * rate, ADR 0050). Player counts are distinct players of the whole period (a player active on ten days counts once).
 */

/** The longest period the dashboard covers (inclusive days); its previous period is as long. */
export const MAX_DASHBOARD_DAYS = 400;

export const analyticsSummaryQuery = z.object({
  /** First day of the period, included (a day in the publisher's time zone). */
  from: reportDay,
  /** Last day of the period, included. */
  to: reportDay,
  /** One game; all games when absent. */
  appId: int4Id.optional(),
});
export type AnalyticsSummaryQuery = z.infer<typeof analyticsSummaryQuery>;

/** Distinct players of a period (free gifts never make a player ordering or paying). */
export const PlayerFigures = z.object({
  /** Players seen in the period: a page view of the shop signed in, an order placed or paid. */
  activePlayers: z.number().int(),
  /** Players who opened the voucher page or the shop (its home, a product, the cart): the funnel's first step. */
  storeVisitors: z.number().int(),
  /** Players who placed an order (paid or not). */
  orderingPlayers: z.number().int(),
  /** Players who paid an order (a refunded one too). */
  payingPlayers: z.number().int(),
  /** Of the paying players, those whose first payment ever (in this game; in any game for all games) is in the period. */
  firstTimePayers: z.number().int(),
});
export type PlayerFigures = z.infer<typeof PlayerFigures>;

/** The funnel's steps as ratios of distinct players (0..1), null when the step before had nobody. */
export const Conversion = z.object({
  /** orderingPlayers / storeVisitors. */
  visitToOrder: z.number().nullable(),
  /** payingPlayers / orderingPlayers. */
  orderToPaid: z.number().nullable(),
  /** payingPlayers / storeVisitors. */
  visitToPaid: z.number().nullable(),
});
export type Conversion = z.infer<typeof Conversion>;

/** One currency's money figures of a period (minor units of `currency`); averages rounded to a minor unit. */
export const CurrencyFigures = z.object({
  currency: z.string(),
  /** Paid orders with money (free gifts apart). */
  orders: z.number().int(),
  /** Free gifts claimed. */
  freeOrders: z.number().int(),
  gross: z.number().int(),
  refundCount: z.number().int(),
  /** Refunds completed in the period (of this period's orders or earlier ones). */
  refunds: z.number().int(),
  /** gross - refunds. */
  net: z.number().int(),
  /** gross / orders; null without orders. */
  averageOrderValue: z.number().int().nullable(),
  /** net / paying players (of every currency: the same denominator in each currency, so converted figures add up). */
  arppu: z.number().int().nullable(),
  /** net / active players. */
  arpu: z.number().int().nullable(),
});
export type CurrencyFigures = z.infer<typeof CurrencyFigures>;

export const PeriodFigures = z.object({
  from: z.string(),
  to: z.string(),
  players: PlayerFigures,
  conversion: Conversion,
  /** Paid orders with money, all currencies (a count, so it may be added up). */
  orderCount: z.number().int(),
  /** One entry per currency with sales or refunds. */
  money: z.array(CurrencyFigures),
  /** Gross, refunds and net of every currency together, in the base currency (USD cents) at each order's frozen rate. */
  base: BaseFigures,
});
export type PeriodFigures = z.infer<typeof PeriodFigures>;

export const AnalyticsSplit = z.enum(['country', 'source', 'provider', 'currency', 'product']);
export type AnalyticsSplit = z.infer<typeof AnalyticsSplit>;

export const AnalyticsSummary = z.object({
  appId: z.number().int().nullable(),
  /** The IANA time zone the days are in (REPORT_TIME_ZONE). */
  timeZone: z.string(),
  generatedAt: z.string(),
  /** Minor-unit digits of each currency in the answer (USD 2, JPY 0). */
  currencyDigits: z.record(z.string(), z.number().int()),
  /** Every game (the game filter's choices). */
  games: z.array(z.object({ appId: z.number().int(), name: z.string() })),
  current: PeriodFigures,
  /** The period of the same length that ends the day before `current.from`. */
  previous: PeriodFigures,
  /** The current period per day and currency (the revenue chart). */
  dailyMoney: z.array(z.object({ day: z.string(), currency: z.string(), gross: z.number().int(), refunds: z.number().int(), net: z.number().int(), orders: z.number().int() })),
  /** The current period per day: distinct players of that day (the players chart). */
  dailyPlayers: z.array(z.object({ day: z.string(), activePlayers: z.number().int(), payingPlayers: z.number().int() })),
  /** The current period's money split by country, order source (channel), provider, currency and product, per currency. */
  splits: z.record(AnalyticsSplit, z.array(SalesRow)),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummary>;

export const consoleAnalyticsSummary = defineRoute({
  method: 'GET',
  path: '/console/v1/analytics/summary',
  auth: 'operator',
  permission: Permission.REPORTS_READ,
  summary:
    "The publisher's dashboard: revenue, refunds, net, orders, paying and first-time paying players, ARPPU, ARPU, the " +
    'funnel (shop visitors -> ordering -> paying players) and average order value of a period of days (at most 400, in ' +
    'REPORT_TIME_ZONE) and of the period of the same length before it, for one game or all; money per currency in minor ' +
    'units, split by country, order source, provider, currency and product.',
  query: analyticsSummaryQuery,
  data: AnalyticsSummary,
});
