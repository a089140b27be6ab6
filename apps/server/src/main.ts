import { buildApp } from './app.ts';
import { startupBanner } from './banner.ts';
import { ConfigError, loadConfig } from './config.ts';

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

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
