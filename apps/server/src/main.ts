import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const { app, services } = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl;
  const lines = [
    '',
    `Game web shop is running on ${url} (${config.environment}, database: ${services.database.kind}${config.database.url ? '' : ` in ${config.database.dataDir}`})`,
    '',
    'Open the voucher shop as the games do:',
    `  Breaking Dead:        ${url}/voucher?appId=10030&roleId=10001001&serverId=10001&accountId=demo-10001&userLevel=12&language=en`,
    `  Myth Wars & Puzzles:  ${url}/voucher?appId=10002&roleId=20001001&serverId=10001&accountId=demo-20001&userLevel=8&language=de`,
    `  My orders:            ${url}/voucher/OrderHistory`,
    `API documentation:      ${url}/api/docs`,
    ...(config.sandbox.embedded
      ? [
          `Sandbox providers:      ${url}/sandbox (PayPal, Xsolla, PayerMax stand-ins)`,
          `Sandbox game servers:   ${url}/sandbox/game-server (deliveries; game IDs to bind on /role: Breaking Dead 1003000001`,
          `                        (two roles), 1003000002; Myth Wars & Puzzles 1000200001 (two roles), 1000200002)`,
        ]
      : []),
    '',
  ];
  console.log(lines.join('\n'));

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
