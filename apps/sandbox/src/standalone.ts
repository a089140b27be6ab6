import Fastify, { type FastifyInstance } from 'fastify';
import { registerSandbox, type SandboxOptions } from './plugin.ts';

/**
 * Runs the sandbox on its own server (tests of the real HTTP path). With port 0 the port is only known after
 * listening, so the stand-ins read their public URL lazily.
 */
export async function startSandbox(
  opts: Omit<SandboxOptions, 'publicUrl'> & { port?: number; host?: string },
): Promise<{ url: string; close(): Promise<void>; app: FastifyInstance }> {
  const { port = 0, host = '127.0.0.1', ...options } = opts;
  const app = Fastify();
  let url = '';
  await app.register((instance) => registerSandbox(instance, { ...options, publicUrl: () => url }), { prefix: '/sandbox' });
  await app.listen({ port, host });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('sandbox: expected a TCP address');
  const hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  url = `http://${hostname}:${address.port}/sandbox`;
  return { url, close: () => app.close(), app };
}
