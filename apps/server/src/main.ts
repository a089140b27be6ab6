import { buildApp } from './app.ts';
import { startupBanner } from './banner.ts';
import { ConfigError, loadConfig } from './config.ts';
import { shutDownGracefullyOnSignals } from './shutdown.ts';

async function main(): Promise<void> {
  let config, built;
  try {
    config = loadConfig();
    built = await buildApp(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const { app, services } = built;
  await app.listen({ port: config.port, host: config.host });
  console.log(startupBanner(config, services.database.kind));
  shutDownGracefullyOnSignals(app, config.shutdownTimeoutMs);
}

await main();
