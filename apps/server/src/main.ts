import { buildApp } from './app.ts';
import { startupBanner } from './banner.ts';
import { ConfigError } from './config.ts';
import { loadShopConfig } from './load-config.ts';
import { shutDownGracefullyOnSignals } from './shutdown.ts';

async function main(): Promise<void> {
  let config, built;
  try {
    config = await loadShopConfig();
    built = await buildApp(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    if (isUnreachableDatabase(error)) {
      console.error(`The database could not be reached (DATABASE_URL): ${(error as Error).message}`);
      process.exit(1);
    }
    throw error;
  }
  const { app, services } = built;
  await app.listen({ port: config.port, host: config.host });
  console.log(startupBanner(config, services.database.kind));
  shutDownGracefullyOnSignals(app, config.shutdownTimeoutMs);
}

/** A PostgreSQL server that is down, unknown, refuses our credentials or has no such database: an operator's fix, not a bug. */
function isUnreachableDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (/^(08|28|3D)/.test(code) || ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code));
}

await main();
