import { loadConfig, sandboxEmbedded, type AppConfig } from './config.ts';

/**
 * The shop's configuration from the environment, for the entry points (main.ts, console-admin.ts). The wiring is the only
 * code that imports the sandbox: its credentials are loaded, lazily, only when the sandbox is embedded.
 */
export async function loadShopConfig(env: NodeJS.ProcessEnv = process.env): Promise<AppConfig> {
  const sandbox = sandboxEmbedded(env) ? (await import('@shop/sandbox/credentials')).SANDBOX_CREDENTIALS : undefined;
  return loadConfig(env, sandbox);
}
