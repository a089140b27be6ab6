import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WATCHDOG = fileURLToPath(new URL('./shutdown-watchdog.ts', import.meta.url));

/** Runs `script` (an ES module) in a node process of its own; resolves with how it ended and how long after the start. */
function run(script: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' });
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, ms: Date.now() - started });
    }),
  );
}

describe('the shutdown watchdog', () => {
  it('kills the process on time while its main thread is blocked for good (as the exit flush of logs to a full pipe blocks it)', async () => {
    const blocked = await run(`
      const { killProcessAfter } = await import(${JSON.stringify(WATCHDOG)});
      const armedAt = Date.now();
      killProcessAfter(1000);
      setTimeout(() => process.exit(3), 500); // the main thread's own deadline: it never gets to run
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); // what sonic-boom's retry does, without end
    `);
    expect(blocked.signal).toBe('SIGKILL');
    expect(blocked.ms).toBeLessThan(10_000);
  }, 30_000);

  it('does not keep a process alive that has finished', async () => {
    const finished = await run(`
      const { killProcessAfter } = await import(${JSON.stringify(WATCHDOG)});
      killProcessAfter(15_000);
    `);
    expect(finished).toMatchObject({ code: 0, signal: null });
    expect(finished.ms).toBeLessThan(10_000);
  }, 30_000);
});
