import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { OutboxWorker } from './jobs/outbox.ts';
import { PRUNE_JOB, Retention } from './jobs/retention.ts';
import { IdempotencyKeys } from './http/idempotency.ts';
import { RateLimits } from './http/rate-limit.ts';
import { AccountService } from './modules/account/account.service.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { UsersService } from './modules/auth/users.service.ts';
import { CatalogService } from './modules/catalog/catalog.service.ts';
import { CountryPricingService } from './modules/pricing/country-pricing.service.ts';
import { ChannelsService } from './modules/channels/channels.service.ts';
import { CountriesService, type IpCountryLookup } from './modules/countries/countries.service.ts';
import { GameVouchersService } from './modules/game-api/game-vouchers.service.ts';
import { GamesService } from './modules/games/games.service.ts';
import { ShopMetrics } from './modules/metrics/shop-metrics.ts';
import { observeOrders } from './modules/orders/order-events.ts';
import { OrdersService } from './modules/orders/orders.service.ts';
import { OrderPayments } from './modules/orders/order-payments.ts';
import { EXPIRE_ORDER_JOB, OrderPlacement } from './modules/orders/order-placement.ts';
import { OrderProcess } from './modules/orders/order-state-machine.ts';
import { VoucherOrders } from './modules/orders/voucher-orders.ts';
import { Fulfilment } from './modules/fulfilment/fulfilment.ts';
import { PaymentGateway } from './modules/payments/payment-gateway.ts';
import { createPaymentProviders, type PaymentClients, type PaymentProviders } from './modules/payments/provider-registry.ts';
import { ManualRefunds } from './modules/payments/manual-refunds.ts';
import { DuplicatePaymentsService } from './modules/payments/duplicate-payments.ts';
import { RefundReconciliation, RECONCILE_REFUND_JOB } from './modules/payments/refund-reconciliation.ts';
import { OpsAlerts, OPS_ALERT_JOB } from './modules/notifications/ops-alerts.ts';
import { ProviderRefundService } from './modules/payments/provider-refunds.ts';
import { RECONCILE_ORDER_JOB, RECONCILE_SWEEP_JOB, ReconciliationService } from './modules/payments/reconciliation.ts';
import { SettlementService } from './modules/payments/settlement.ts';
import { VoucherLedger } from './modules/vouchers/ledger.ts';
import { VoucherHistoryService } from './modules/vouchers/voucher-history.ts';
import { createMessageSender, type MessageSender } from './modules/notifications/message-sender.ts';
import { VerificationService } from './modules/verification/verification.service.ts';
import { createCaptchaProvider } from './modules/verification/captcha/create-captcha-provider.ts';
import { GameServerClient } from './modules/games/game-server-client.ts';
import { RolesService } from './modules/roles/roles.service.ts';
import { DeliveryService, DELIVER_ORDER_JOB, REVOKE_ORDER_JOB } from './modules/fulfilment/delivery.service.ts';
import { ProductsService } from './modules/shop/products.service.ts';
import { ShopOrdersService } from './modules/shop/shop-orders.service.ts';
import { RepeatOrderService } from './modules/shop/repeat-order.service.ts';
import { OperatorsService } from './modules/console/access/operators.service.ts';
import { CatalogueCaches } from './modules/console/catalogue/catalogue-rows.ts';
import { CatalogueDocuments } from './modules/console/catalogue/catalogue-document.ts';
import { ChannelAdmin } from './modules/console/catalogue/channel-admin.ts';
import { GameAdmin } from './modules/console/catalogue/game-admin.ts';
import { ProductAdmin } from './modules/console/catalogue/product-admin.ts';
import { CountryTableAdmin } from './modules/console/pricing/country-table-admin.ts';
import { ExchangeRatesAdmin } from './modules/console/pricing/exchange-rates-admin.ts';
import { PricePreviews } from './modules/console/pricing/price-preview.ts';
import { ProductPricesAdmin } from './modules/console/pricing/product-prices-admin.ts';
import { ServerAdmin } from './modules/console/catalogue/server-admin.ts';
import { OrderQueues } from './modules/console/orders/order-queues.ts';
import { RefundsReportService } from './modules/console/reports/refunds-report.service.ts';
import { OrderActions } from './modules/payments/order-actions.ts';
import { AnalyticsIntake } from './modules/analytics/analytics-intake.ts';
import { OperatorSessions } from './modules/console/access/operator-sessions.ts';
import { FOLD_SALES_ROLLUPS_JOB, SalesRollups } from './modules/console/reports/sales-rollups.ts';
import { AnalyticsDashboard, FOLD_PLAYER_ACTIVITY_JOB } from './modules/console/analytics/analytics.service.ts';
import { ReportsService } from './modules/console/reports/reports.service.ts';
import { PlayerDirectory } from './modules/console/players/players.service.ts';
import { PlayerAccounts } from './modules/console/players/player-accounts.ts';
import { PlayerVoucherAdjustments } from './modules/console/players/player-voucher-adjustments.ts';

export interface Services {
  config: AppConfig;
  database: Database;
  /** The database as this app's services use it: order changes made through it reach `metrics`. */
  db: Db;
  metrics: ShopMetrics;
  tokens: TokenService;
  users: UsersService;
  games: GamesService;
  catalog: CatalogService;
  countries: CountriesService;
  channels: ChannelsService;
  /** The country table as players' requests read it: local currency, and which providers charge it (ADR 0050). */
  countryPricing: CountryPricingService;
  orders: OrdersService;
  orderProcess: OrderProcess;
  placement: OrderPlacement;
  orderPayments: OrderPayments;
  voucherOrders: VoucherOrders;
  ledger: VoucherLedger;
  settlement: SettlementService;
  providers: PaymentProviders;
  paymentClients: PaymentClients;
  worker: OutboxWorker;
  sender: MessageSender;
  verification: VerificationService;
  accounts: AccountService;
  gameServer: GameServerClient;
  roles: RolesService;
  delivery: DeliveryService;
  products: ProductsService;
  shopOrders: ShopOrdersService;
  refunds: ManualRefunds;
  repeatOrders: RepeatOrderService;
  gameVouchers: GameVouchersService;
  voucherHistory: VoucherHistoryService;
  reconciliation: ReconciliationService;
  providerRefunds: ProviderRefundService;
  duplicatePayments: DuplicatePaymentsService;
  refundReconciliation: RefundReconciliation;
  rateLimits: RateLimits;
  idempotency: IdempotencyKeys;
  retention: Retention;
  salesRollups: SalesRollups;
  /** The console's sales report (the reports screens and the dashboard read the same one). */
  reports: ReportsService;
  /** The operator accounts (admins) and an operator's own access (login, session, enrolment). */
  operators: OperatorsService;
  operatorSessions: OperatorSessions;
  /** The publisher's dashboard (console analytics); its money figures come from the sales report. */
  dashboard: AnalyticsDashboard;
  /** The console's players: reading them, changing an account, adjusting a role's vouchers. */
  playerDirectory: PlayerDirectory;
  playerAccounts: PlayerAccounts;
  voucherAdjustments: PlayerVoucherAdjustments;
  /** The console's catalogue: games, servers, products, channels, the catalogue document, and the caches a change drops. */
  gameAdmin: GameAdmin;
  serverAdmin: ServerAdmin;
  productAdmin: ProductAdmin;
  channelAdmin: ChannelAdmin;
  catalogueDocuments: CatalogueDocuments;
  /** The console's local prices (ADR 0050): the country table, the exchange rates, each product's price points. */
  countryTable: CountryTableAdmin;
  exchangeRatesAdmin: ExchangeRatesAdmin;
  productPrices: ProductPricesAdmin;
  pricePreviews: PricePreviews;
  catalogueCaches: CatalogueCaches;
  /** Refund, retry a delivery, reject a refund request: the console's and the ops routes' one set of order actions. */
  orderActions: OrderActions;
  /** The console's work queues of orders (delivery errors, refund requests, second payments, reconciliation). */
  orderQueues: OrderQueues;
  refundsReport: RefundsReportService;
  /** The shop's analytics events (counted per IP in this process). */
  analyticsIntake: AnalyticsIntake;
}

export interface ServiceOverrides {
  ipCountryLookup?: IpCountryLookup;
  fetch?: typeof fetch;
  /** Replaces the configured SMS/e-mail sender (tests). */
  sender?: MessageSender;
}

/** Wires the modules together; the only place that knows every service. */
export function createServices(config: AppConfig, database: Database, log: FastifyBaseLogger, overrides: ServiceOverrides = {}): Services {
  const metrics = new ShopMetrics(log);
  const db = observeOrders(database.db, metrics);
  const fetchOption = overrides.fetch ? { fetch: overrides.fetch } : {};
  const { providers, clients: paymentClients } = createPaymentProviders(config, fetchOption);
  const games = new GamesService(db);
  const catalog = new CatalogService(db);
  const channels = new ChannelsService(db);
  const ledger = new VoucherLedger(db);
  const orderProcess = new OrderProcess(new Fulfilment(ledger));
  const orders = new OrdersService(db, orderProcess);
  const gateway = new PaymentGateway(config, providers, log);
  const countryPricing = new CountryPricingService(db, (provider, currency) => gateway.charges(provider, currency));
  const placement = new OrderPlacement(db, config, gateway, orderProcess);
  const orderPayments = new OrderPayments(db, orders, channels, gateway);
  const gameServer = new GameServerClient(config.gameServer, overrides.fetch);
  const sender = overrides.sender ?? createMessageSender(config.notifications, overrides.fetch);
  const alerts = new OpsAlerts(sender, config.opsAlertEmail, log);
  const delivery = new DeliveryService(db, orderProcess, gameServer, config.gameServer, log, alerts, metrics);
  const settlement = new SettlementService(db, orderProcess, providers, log);
  const providerRefunds = new ProviderRefundService(db, providers, settlement, log);
  const duplicatePayments = new DuplicatePaymentsService(db, providers, settlement, log);
  const refundReconciliation = new RefundReconciliation(db, settlement, providers, config.reconciliation, log);
  const reconciliation = new ReconciliationService(db, settlement, providers, refundReconciliation, config.reconciliation, log);
  const rateLimits = new RateLimits(database.counters ?? db, config.rateLimits, log, database.kind === 'postgres');
  const idempotency = new IdempotencyKeys(db);
  const retention = new Retention(db, config.retention, [rateLimits, idempotency], log);
  const salesRollups = new SalesRollups(db, config.reportTimeZone, log);
  const reports = new ReportsService(db);
  const dashboard = new AnalyticsDashboard(db, reports, config.reportTimeZone, log);
  const worker = new OutboxWorker(
    db,
    {
      [EXPIRE_ORDER_JOB]: { run: (payload) => orders.expire(Number(payload['orderId'])) },
      [DELIVER_ORDER_JOB]: delivery.handler(),
      [REVOKE_ORDER_JOB]: delivery.revokeHandler(),
      [RECONCILE_SWEEP_JOB]: reconciliation.sweepHandler(),
      [RECONCILE_ORDER_JOB]: reconciliation.orderHandler(),
      [RECONCILE_REFUND_JOB]: refundReconciliation.handler(),
      [OPS_ALERT_JOB]: alerts.handler(),
      [PRUNE_JOB]: retention.handler(),
      [FOLD_SALES_ROLLUPS_JOB]: salesRollups.handler(),
      [FOLD_PLAYER_ACTIVITY_JOB]: dashboard.foldHandler(),
    },
    log,
    config.jobsPollMs,
  );
  const tokens = new TokenService(db, config.jwtSecret, config.accessTokenTtlSeconds, config.refreshTokenTtlDays);
  const roles = new RolesService(db, games, gameServer, tokens);
  const users = new UsersService(db);
  const captcha = createCaptchaProvider(config.captcha, { db, verification: config.verification, log, fetch: overrides.fetch });
  const verification = new VerificationService(db, config.verification, config.jwtSecret, sender, users, log, captcha);
  const voucherOrders = new VoucherOrders(placement, games, channels);
  const shopOrders = new ShopOrdersService(db, games, channels, roles, orders, placement, orderPayments, orderProcess, delivery);
  const playerDirectory = new PlayerDirectory(db, ledger);
  const products = new ProductsService(db, catalog, games, roles, placement);
  const gameAdmin = new GameAdmin(db, config);
  return {
    config,
    database,
    db,
    metrics,
    tokens,
    users,
    games,
    catalog,
    countryPricing,
    countries: new CountriesService(db, { countryHeader: config.countryHeader, lookup: overrides.ipCountryLookup }),
    channels,
    orders,
    orderProcess,
    placement,
    orderPayments,
    voucherOrders,
    ledger,
    settlement,
    providers,
    paymentClients,
    worker,
    sender,
    verification,
    accounts: new AccountService(db, config, tokens, verification, games),
    gameServer,
    roles,
    delivery,
    products,
    shopOrders,
    repeatOrders: new RepeatOrderService(db, orders, roles, catalog, channels, shopOrders, voucherOrders),
    refunds: new ManualRefunds(settlement),
    gameVouchers: new GameVouchersService(db, ledger),
    voucherHistory: new VoucherHistoryService(db, ledger),
    reconciliation,
    providerRefunds,
    duplicatePayments,
    refundReconciliation,
    rateLimits,
    idempotency,
    retention,
    salesRollups,
    reports,
    operators: new OperatorsService(db, { publicUrl: config.publicUrl, ...config.console }),
    operatorSessions: new OperatorSessions(db, { publicUrl: config.publicUrl, ...config.console }),
    dashboard,
    playerDirectory,
    playerAccounts: new PlayerAccounts(db, tokens),
    voucherAdjustments: new PlayerVoucherAdjustments(ledger, playerDirectory),
    gameAdmin,
    serverAdmin: new ServerAdmin(db),
    productAdmin: new ProductAdmin(db),
    channelAdmin: new ChannelAdmin(db),
    catalogueDocuments: new CatalogueDocuments(db, gameAdmin),
    countryTable: new CountryTableAdmin(db, countryPricing),
    exchangeRatesAdmin: new ExchangeRatesAdmin(db, config.priceDriftPercent),
    productPrices: new ProductPricesAdmin(db, config.priceDriftPercent),
    pricePreviews: new PricePreviews(db, channels, countryPricing),
    catalogueCaches: new CatalogueCaches({ games, catalog, products, channels, countryPricing }),
    orderActions: new OrderActions(db, providerRefunds, duplicatePayments, delivery, shopOrders),
    orderQueues: new OrderQueues(db, config.reconciliation, providers),
    refundsReport: new RefundsReportService(db),
    analyticsIntake: new AnalyticsIntake(db, tokens),
  };
}
