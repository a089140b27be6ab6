// Child servers: a free port, the environment, readiness polling, a tail of their output for error messages.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { stopChild, trackChild } from './cleanup.ts';

export interface RunningServer {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  /** The last lines the server printed (stdout and stderr). */
  tail(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node --import tsx <script>` with PORT/HOST set and waits until `readyPath` answers 200.
 * Fails with the server's last output when it exits early or is not ready in time.
 */
export async function startServer(options: {
  name: string;
  script: string;
  cwd: string;
  /** Added to this process's environment; `undefined` removes a variable. */
  env: Record<string, string | undefined>;
  readyPath: string;
  readyTimeoutMs: number;
  /** Listen here (chosen beforehand, e.g. so that another process can be told the URL first); a free port otherwise. */
  port?: number;
}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' };
  for (const [name, value] of Object.entries(options.env)) if (value === undefined) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', options.script], {
    cwd: options.cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackChild(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      lines.push(line.length > 500 ? `${line.slice(0, 500)}...` : line);
      if (lines.length > 40) lines.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server: RunningServer = {
    name: options.name,
    url,
    port,
    child,
    tail: () => lines.join('\n'),
    stop: () => stopChild(child),
  };

  const deadline = Date.now() + options.readyTimeoutMs;
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `exited with ${signal ?? code}`));
  for (;;) {
    if (exited) throw new Error(`${options.name} ${exited} before it was ready:\n${server.tail()}`);
    try {
      const response = await fetch(`${url}${options.readyPath}`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`${options.name} not ready after ${options.readyTimeoutMs / 1000} s:\n${server.tail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
