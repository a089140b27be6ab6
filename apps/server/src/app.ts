import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import helmet from 'helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageFromAcceptLanguage, type Language } from '@shop/contract/languages';
import { ConfigError, type AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { priceUnpricedProducts } from './modules/pricing/price-points.ts';
import { seedDatabase } from './db/seed.ts';
import { apiDocsAccess } from './http/api-docs-access.ts';
import { refuseRequestsWhileClosing } from './http/closing.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { answerClientError, answerFrameworkError } from './http/framework-errors.ts';
import { RequestLog, serializeRequest } from './http/request-log.ts';
import { unauthenticated } from './shared/domain-errors.ts';
import { registerAnalyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { registerAccountRoutes } from './modules/account/account.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import type { SessionUser } from './modules/auth/tokens.ts';
import { authenticateOperator } from './modules/console/access/console-session.ts';
import { ensureDemoAdmin, type ConsoleOperator } from './modules/console/access/operators.service.ts';
import { registerConsoleRoutes } from './modules/console/console.routes.ts';
import { consoleRoutes } from './modules/web/console-app.routes.ts';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes.ts';
import { registerChannelRoutes } from './modules/channels/channels.routes.ts';
import { registerCountryRoutes } from './modules/countries/countries.routes.ts';
import { gameApiRoutes } from './modules/game-api/game-api.routes.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerMetricsRoutes } from './modules/metrics/metrics.routes.ts';
import { opsTokenMatches } from './modules/ops/ops-token.ts';
import { registerOpsRoutes } from './modules/ops/ops.routes.ts';
import { registerOrderRoutes } from './modules/orders/orders.routes.ts';
import { registerPaymentRoutes } from './modules/payments/payment.routes.ts';
import { webhookRoutes } from './modules/payments/webhooks.routes.ts';
import { registerVoucherRoutes } from './modules/vouchers/vouchers.routes.ts';
import { registerVerificationRoutes } from './modules/verification/verification.routes.ts';
import { registerRoleRoutes } from './modules/roles/roles.routes.ts';
import { registerShopRoutes } from './modules/shop/shop.routes.ts';
import { paymentOrigins, webRoutes } from './modules/web/web.routes.ts';
import { createServices, type ServiceOverrides, type Services } from './services.ts';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    user?: SessionUser;
    operator?: ConsoleOperator;
  }
  interface FastifyContextConfig {
    auth?: 'none' | 'user' | 'game' | 'ops' | 'operator';
    /** Routes with auth 'operator': the permission the operator's role must have. */
    permission?: string;
  }
}

export interface BuildOptions extends ServiceOverrides {
  /** Use this database instead of opening one from the configuration (tests share one per file). */
  database?: Database;
  /** Load the demo catalogue (default: outside production). */
  seedCatalogue?: boolean;
  /** Start the outbox worker (default true). */
  runJobs?: boolean;
  logger?: boolean;
  /** Write the log lines (JSON, at LOG_LEVEL) here instead of stdout: the tests read what the shop logs. */
  logStream?: DestinationStream;
}

export interface ShopApp {
  app: FastifyInstance;
  services: Services;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<ShopApp> {
  const app = Fastify({
    logger:
      options.logger === false && !options.logStream
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers.sign', 'req.headers["paypal-transmission-sig"]'],
            // every line that names a request names it by its redacted URL (http/request-log.ts)
            serializers: { req: serializeRequest },
            ...(options.logStream ? { stream: options.logStream } : logOutput(config)),
          },
    logController: new RequestLog(),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // The envelope for everything answered before a route runs: closing.ts, framework-errors.ts.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Responses are typed by the contract at compile time; serialising them is plain JSON (schemas only document them).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.decorateRequest('language', 'en');
  app.decorateRequest('user', undefined);
  app.decorateRequest('operator', undefined);
  installErrorHandler(app);
  refuseRequestsWhileClosing(app);

  const database = options.database ?? (await openDatabase({ ...config.database, log: app.log }));
  const seedCatalogue = options.seedCatalogue ?? config.environment !== 'production';
  await seedDatabase(database.db, { catalogue: seedCatalogue });
  if (seedCatalogue) await priceUnpricedProducts(database.db);
  if (config.environment === 'development') await ensureDemoAdmin(database.db);
  const services = createServices(config, database, app.log, options);
  try {
    await requireLaunchSecretsInProduction(config, services.games);
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
  services.metrics.timeRequests(app);
  // The console's own origin (and its Vite dev server outside production) may send it changes.
  const consoleOrigins = [new URL(config.publicUrl).origin, ...(config.environment === 'production' ? [] : ['http://localhost:5174'])];

  app.addHook('onRequest', async (request) => {
    request.language = languageFromAcceptLanguage(request.headers['accept-language']);
    if (request.routeOptions.config.auth === 'ops') {
      if (!opsTokenMatches(config.opsApiToken, request.headers.authorization)) throw unauthenticated();
      return;
    }
    if (request.routeOptions.config.auth === 'operator') {
      request.operator = await authenticateOperator(request, services.operatorSessions, consoleOrigins);
      return;
    }
    if (request.routeOptions.config.auth !== 'user') return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthenticated();
    request.user = await services.tokens.verifyAccessToken(token);
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Game web shop API', version: '1.0.0', description: 'Every answer is the envelope {code, message, data}; code 200 is success.' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          opsToken: { type: 'http', scheme: 'bearer', description: 'Machines: the OPS_API_TOKEN of this deployment.' },
          consoleSession: { type: 'apiKey', in: 'cookie', name: 'console_session', description: "The publisher's console: an operator's session (POST /api/console/v1/auth/login)." },
          gameSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'x-game-signature',
            description:
              "Game servers: hex HMAC-SHA256 with the game's secret over `${x-game-timestamp}.${raw body}`, with headers " +
              'x-game-app-id and x-game-timestamp (unix seconds, within 5 minutes).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Before the routes: they take their limits from the plugin's `createRateLimit`.
  await services.rateLimits.register(app);
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiHooks: { onRequest: apiDocsAccess(config) } });
  registerMetricsRoutes(app, services);

  // The shop's own routes get security headers; the embedded sandbox (a stand-in for other sites) does not.
  await app.register(async (shop) => {
    const self = "'self'";
    // Built once: @fastify/helmet rebuilds the middleware (and re-parses the CSP) on every request.
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: [self],
          // The captcha's origins: none for the in-house puzzle, GeeTest's hosts when it is configured.
          scriptSrc: [self, new URL(config.xsolla.scriptUrl).origin, ...services.verification.captcha.pageOrigins],
          styleSrc: [self, "'unsafe-inline'", ...services.verification.captcha.pageOrigins],
          imgSrc: [self, 'data:', 'https:'],
          frameSrc: [self, ...paymentOrigins(config), ...services.verification.captcha.pageOrigins],
          connectSrc: [self, ...services.verification.captcha.pageOrigins],
          formAction: [self],
          frameAncestors: [self],
          upgradeInsecureRequests: config.environment === 'production' ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    shop.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
    registerHealthRoutes(shop, services);
    registerAuthRoutes(shop, services);
    registerCatalogRoutes(shop, services);
    registerCountryRoutes(shop, services);
    registerChannelRoutes(shop, services);
    registerOrderRoutes(shop, services);
    registerPaymentRoutes(shop, services);
    registerVerificationRoutes(shop, services);
    registerAccountRoutes(shop, services);
    registerRoleRoutes(shop, services);
    registerShopRoutes(shop, services);
    registerVoucherRoutes(shop, services);
    registerOpsRoutes(shop, services);
    registerAnalyticsRoutes(shop, services);
    registerConsoleRoutes(shop, services);
    await shop.register(consoleRoutes, { config });
    await shop.register(webhookRoutes, services);
    await shop.register(gameApiRoutes, services);
    await shop.register(webRoutes, { config });
  });

  if (config.sandbox.embedded) {
    const { default: sandboxPlugin } = await import('@shop/sandbox/plugin');
    await app.register(sandboxPlugin, {
      prefix: '/sandbox',
      publicUrl: `${config.publicUrl}/sandbox`,
      paypalWebhookUrl: `${config.webhookBaseUrl}/api/webhooks/paypal`,
      xsollaWebhookUrl: `${config.webhookBaseUrl}/api/webhooks/xsolla`,
      shopApiUrl: `${config.webhookBaseUrl}/api`,
      ...(config.sandbox.webhookRetryDelaysMs ? { webhookRetryDelaysMs: config.sandbox.webhookRetryDelaysMs } : {}),
    });
  }

  if (options.runJobs !== false) {
    app.addHook('onReady', async () => {
      await services.reconciliation.schedule();
      await services.retention.schedule();
      await services.salesRollups.schedule();
      await services.dashboard.schedule();
      services.worker.start();
    });
  }
  app.addHook('onClose', async () => {
    await services.worker.stop();
    if (!options.database) await database.close();
  });
  return { app, services };
}

/**
 * Development reads its lines in a terminal: pino-pretty, coloured when stdout is one (ARCHITECTURE.md: "JSON in production,
 * pretty in development"). Production and tests write JSON lines for the log collector.
 */
function logOutput(config: AppConfig): { transport?: { target: string; options: { colorize: boolean } } } {
  if (config.environment !== 'development') return {};
  return { transport: { target: 'pino-pretty', options: { colorize: Boolean(process.stdout.isTTY) } } };
}

/** Production accepts signed launches only: every game the shop sells for must have its launch secret (issue 10.2). */
async function requireLaunchSecretsInProduction(config: AppConfig, games: Services['games']): Promise<void> {
  if (config.environment !== 'production') return;
  const unsigned = (await games.appIds()).filter((appId) => !config.gameLaunchSecrets[appId]);
  if (unsigned.length)
    throw new ConfigError(`Invalid configuration:\n  GAME_LAUNCH_SECRETS: no launch secret for game ${unsigned.join(', ')} (production accepts signed launches only)`);
}
