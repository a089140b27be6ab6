import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  MAX_DASHBOARD_DAYS,
  type AnalyticsSplit,
  type AnalyticsSummary,
  type AnalyticsSummaryQuery,
  type Conversion,
  type CurrencyFigures,
  type PeriodFigures,
  type PlayerFigures,
} from '@shop/contract/console/analytics';
import { baseFiguresOf, reportDays, shiftDay, type SalesFigures } from '@shop/contract/console/reports';
import { BASE_CURRENCY } from '@shop/contract/pricing';
import type { Db } from '../../../db/client.ts';
import { rows, typed } from '../../../db/statement.ts';
import { inBatches } from '../../../jobs/batches.ts';
import type { JobHandler } from '../../../jobs/outbox.ts';
import { RecurringJob } from '../../../jobs/recurring.ts';
import { PlayerActivityKind } from '../../../db/schema.ts';
import { invalid } from '../../../shared/domain-errors.ts';
import { currencyDigits } from '../../../shared/money.ts';
import type { ReportsService } from '../reports/reports.service.ts';

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));


/** A whole number of minor units, or null when there is nothing to divide by. */
const average = (amount: number, count: number) => (count > 0 ? Math.round(amount / count) : null);
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The splits of the dashboard: the sales report's groupings, read together with its totals in one snapshot. */
const SPLITS: readonly AnalyticsSplit[] = ['currency', 'country', 'source', 'provider', 'product'];

/** The counts folded so far and the rows appended since (one player each): together, every activity recorded. */
const PLAYER_ACTIVITY = sql`(SELECT app_id, kind, day, previous_day, players FROM player_activity_days
  UNION ALL SELECT app_id, kind, day, previous_day, 1 FROM player_activity_day_deltas) AS player_activity`;

/** The recurring job that folds the appended activity rows into the counts. */
export const FOLD_PLAYER_ACTIVITY_JOB = 'analytics.fold-player-activity';
const FOLD_INTERVAL_MS = 60_000;
/** Rows folded per transaction, so that a backlog is folded in short transactions. */
const FOLD_BATCH = 50_000;

const noPlayers = (): PlayerFigures => ({ activePlayers: 0, storeVisitors: 0, orderingPlayers: 0, payingPlayers: 0, firstTimePayers: 0 });

/**
 * The publisher's dashboard (docs/adr/0005-publisher-dashboard.md). Money comes from the sales report's service (the
 * period's totals, days and splits in one snapshot, the previous period's totals: the dashboard and the reports always
 * agree); distinct players from player_activity_days, which the
 * triggers on orders and analytics_events keep (migration 0022): a period's distinct players are read from at most a
 * row per day and earlier day, never from the orders or events themselves.
 */
export class AnalyticsDashboard {
  private readonly folds = new RecurringJob(FOLD_PLAYER_ACTIVITY_JOB, 'player-activity-fold', FOLD_INTERVAL_MS);

  constructor(
    private readonly db: Db,
    private readonly reports: ReportsService,
    private readonly timeZone: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Makes sure the current minute's fold exists (every instance calls this at start). */
  async schedule(): Promise<void> {
    await this.folds.schedule(this.db);
  }

  foldHandler(): JobHandler {
    return this.folds.handler(this.db, () => this.catchUp());
  }

  /** Folds every committed activity row into the counts, FOLD_BATCH per transaction; returns how many were folded. */
  async foldPlayerActivity(): Promise<number> {
    return inBatches(FOLD_BATCH, async (size) => {
      const [row] = await rows(this.db, typed<{ folded: unknown }>(sql`SELECT fold_player_activity(${size}) AS folded`));
      return num(row?.folded);
    });
  }

  /**
   * The recurring job's run: brings the counts to REPORT_TIME_ZONE (a rebuild, once, in the background rather than while
   * an instance starts: at tens of millions of orders it takes minutes), then folds what the triggers appended.
   */
  private async catchUp(): Promise<void> {
    if (await this.alignTimeZone()) this.log.info({ timeZone: this.timeZone }, 'dashboard: player activity rebuilt in the report time zone');
    await this.foldPlayerActivity();
  }

  /**
   * Makes the activity tables count days in REPORT_TIME_ZONE: when the database still counts in another zone (first
   * start, or the setting changed), both tables are rebuilt from the orders and the analytics events still kept. Answers
   * whether it rebuilt.
   */
  async alignTimeZone(): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [settings] = await rows(tx, typed<{ time_zone: string }>(sql`SELECT time_zone FROM report_settings FOR UPDATE`));
      if (settings?.time_zone === this.timeZone) return false;
      await tx.execute(sql`UPDATE report_settings SET time_zone = ${this.timeZone}`);
      await tx.execute(sql`SELECT rebuild_player_activity()`);
      return true;
    });
  }

  async summary(query: AnalyticsSummaryQuery): Promise<AnalyticsSummary> {
    const days = reportDays(query.from, query.to);
    if (days < 1) throw invalid('reportRangeReversed');
    if (days > MAX_DASHBOARD_DAYS) throw invalid('reportRangeTooLong', { count: MAX_DASHBOARD_DAYS });
    if (query.appId !== undefined) {
      const known = await rows(this.db, typed<{ known: number }>(sql`SELECT 1 AS known FROM games WHERE app_id = ${query.appId}`));
      if (!known.length) throw invalid('unknownGame');
    }
    const previous = { from: shiftDay(query.from, -days), to: shiftDay(query.from, -1) };
    const filters = { refundBasis: 'refunded' as const, ...(query.appId !== undefined ? { appId: query.appId } : {}) };

    const [players, previousTotals, sales] = await Promise.all([
      this.players(query.appId ?? 0, previous.from, query.from, query.to),
      this.reports.totals({ ...previous, ...filters }),
      this.reports.overview({ from: query.from, to: query.to, ...filters }, SPLITS),
    ]);
    const current = periodFigures(query, players.current, sales.totals);
    const before = periodFigures(previous, players.previous, previousTotals);
    const currencies = [...new Set([...current.money, ...before.money].map((figures) => figures.currency).concat(BASE_CURRENCY))].sort();
    return {
      appId: query.appId ?? null,
      timeZone: this.timeZone,
      generatedAt: new Date().toISOString(),
      currencyDigits: Object.fromEntries(currencies.map((currency) => [currency, currencyDigits(currency)])),
      games: sales.games,
      current,
      previous: before,
      dailyMoney: sales.daily.map((figures) => ({
        day: figures.day,
        currency: figures.currency,
        gross: figures.gross,
        refunds: figures.refunds,
        net: figures.net,
        orders: figures.orders - figures.freeOrders,
      })),
      dailyPlayers: players.daily,
      splits: Object.fromEntries(SPLITS.map((split) => [split, sales.groupings[split]!])) as AnalyticsSummary['splits'],
    };
  }

  /**
   * In one pass over the activity counts of both periods: the distinct players of the current period [from, to] and
   * of the previous one [previousFrom, from - 1] per kind, and each day's distinct active and paying players of the
   * current period. A row (day, previous_day) holds the players active on `day` whose day before was `previous_day`, so
   * those of a period are the period's rows whose previous_day is before the period; first-timers have none
   * ('-infinity'); a day's rows are that day's players, whatever their previous day.
   */
  private async players(appId: number, previousFrom: string, from: string, to: string): Promise<{ current: PlayerFigures; previous: PlayerFigures; daily: AnalyticsSummary['dailyPlayers'] }> {
    const found = await rows(this.db,
      typed<{ per_day: unknown; kind: unknown; day: string | null; current: unknown; current_first: unknown; previous: unknown; previous_first: unknown; active: unknown; paying: unknown }>(sql`
        SELECT GROUPING(kind) AS per_day, kind, to_char(day, 'YYYY-MM-DD') AS day,
               sum(players) FILTER (WHERE day >= ${from}::date AND previous_day < ${from}::date) AS current,
               sum(players) FILTER (WHERE day >= ${from}::date AND previous_day = '-infinity') AS current_first,
               sum(players) FILTER (WHERE day < ${from}::date AND previous_day < ${previousFrom}::date) AS previous,
               sum(players) FILTER (WHERE day < ${from}::date AND previous_day = '-infinity') AS previous_first,
               sum(players) FILTER (WHERE kind = ${PlayerActivityKind.ACTIVE}) AS active,
               sum(players) FILTER (WHERE kind = ${PlayerActivityKind.PAID}) AS paying
          FROM ${PLAYER_ACTIVITY}
         WHERE app_id = ${appId} AND day BETWEEN ${previousFrom}::date AND ${to}::date
         GROUP BY GROUPING SETS ((kind), (day))
         ORDER BY day`),
    );
    const current = noPlayers();
    const previous = noPlayers();
    const daily: AnalyticsSummary['dailyPlayers'] = [];
    for (const row of found) {
      if (num(row.per_day) === 1) {
        // The day chart: days of the current period on which anyone was active or paid.
        if (row.day! >= from && (row.active !== null || row.paying !== null)) daily.push({ day: row.day!, activePlayers: num(row.active), payingPlayers: num(row.paying) });
        continue;
      }
      const kind = num(row.kind);
      const set = (figures: PlayerFigures, players: unknown, firstTime: unknown) => {
        if (kind === PlayerActivityKind.ACTIVE) figures.activePlayers = num(players);
        else if (kind === PlayerActivityKind.STORE) figures.storeVisitors = num(players);
        else if (kind === PlayerActivityKind.ORDERED) figures.orderingPlayers = num(players);
        else if (kind === PlayerActivityKind.PAID) {
          figures.payingPlayers = num(players);
          figures.firstTimePayers = num(firstTime);
        }
      };
      set(current, row.current, row.current_first);
      set(previous, row.previous, row.previous_first);
    }
    return { current, previous, daily };
  }
}

/** A period's figures: its players, the funnel, and per currency the money of the sales report with its averages. */
function periodFigures(period: { from: string; to: string }, players: PlayerFigures, totals: SalesFigures[]): PeriodFigures {
  const money = totals.map((figures): CurrencyFigures => {
    const orders = figures.orders - figures.freeOrders;
    return {
      currency: figures.currency,
      orders,
      freeOrders: figures.freeOrders,
      gross: figures.gross,
      refundCount: figures.refundCount,
      refunds: figures.refunds,
      net: figures.net,
      averageOrderValue: average(figures.gross, orders),
      arppu: average(figures.net, players.payingPlayers),
      arpu: average(figures.net, players.activePlayers),
    };
  });
  const conversion: Conversion = {
    visitToOrder: ratio(players.orderingPlayers, players.storeVisitors),
    orderToPaid: ratio(players.payingPlayers, players.orderingPlayers),
    visitToPaid: ratio(players.payingPlayers, players.storeVisitors),
  };
  return {
    from: period.from,
    to: period.to,
    players,
    conversion,
    orderCount: money.reduce((sum, figures) => sum + figures.orders, 0),
    money,
    base: baseFiguresOf(totals),
  };
}
