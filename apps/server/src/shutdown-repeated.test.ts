import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/harness.ts';
import { RELAXED_RATE_LIMITS } from '../test/relaxed-limits.ts';
import { WATCHDOG_GRACE_MS } from './shutdown.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SHUTDOWN_TIMEOUT_MS = 2000;
const CYCLES = 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The shop on the embedded database, started and stopped again and again the way test harnesses stop it: SIGTERM to its
 * whole process group while requests keep coming. In every other cycle its output stops being read before the
 * requests: the log lines wait in memory, and the exit's flush of them into the full pipe blocks the main thread for
 * good (ADR 0041), so only the watchdog can end that stop. In the others the output is read until the signal and the
 * stop is graceful (exit 0). Every stop must end within SHUTDOWN_TIMEOUT_MS plus the watchdog's grace.
 */
describe('the shop on the embedded database stopped repeatedly under requests', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-stops-'));
  const groups = new Set<number>();
  afterAll(() => {
    // whatever a failed cycle left behind
    for (const pid of groups) signalGroup(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`ends every one of ${CYCLES} stops within the deadline`, async () => {
    const stops: { unread: boolean; ms: number; code: number | null; signal: string | null }[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: ROOT,
        // its own process group, as a harness starts it; the same data folder every time (a restart reopens it)
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { PATH: process.env.PATH, SHOP_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: dataDir, JOBS_POLL_MS: '50', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), ...RELAXED_RATE_LIMITS },
      });
      groups.add(child.pid!);
      let output = '';
      const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5000));
      child.stdout!.on('data', collect);
      child.stderr!.on('data', collect);
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
      await untilReady(`http://127.0.0.1:${port}`, child, () => output);
      const stopReading = () => {
        child.stdout!.removeListener('data', collect);
        child.stdout!.pause();
      };
      const unread = cycle % 2 === 0;
      if (unread) stopReading();

      let loading = true;
      let answered = 0;
      const load = Array.from({ length: 6 }, async () => {
        while (loading) {
          const ok = await fetch(`http://127.0.0.1:${port}/api/common/countries`, { signal: AbortSignal.timeout(5000) }).then((answer) => answer.arrayBuffer().then(() => true), () => false);
          if (ok) answered++;
          else await sleep(20);
        }
      });
      // each answer logs two lines (~700 bytes): 400 of them fill the pipe and the reader's buffer (128 KiB) twice over
      while (answered < 400) await sleep(20);
      await sleep(cycle * 100); // the stop lands at a different point of the work each time
      stopReading();
      const signalled = Date.now();
      signalGroup(child.pid!, 'SIGTERM');
      const ended = await Promise.race([exited, sleep(SHUTDOWN_TIMEOUT_MS + WATCHDOG_GRACE_MS + 10_000).then(() => undefined)]);
      stops.push({ unread, ms: Date.now() - signalled, code: ended?.code ?? null, signal: ended ? ended.signal : 'still running' });
      loading = false;
      await Promise.all(load);
      signalGroup(child.pid!, 'SIGKILL');
      groups.delete(child.pid!);
      child.stdout!.destroy();
      child.stderr!.destroy();
      expect(ended, `cycle ${cycle} did not end:\n${output}`).toBeDefined();
    }
    for (const stop of stops) {
      // read output: a graceful exit; unread output: ended by the deadline's exit or by the watchdog, never later
      if (!stop.unread) expect({ code: stop.code, signal: stop.signal }, JSON.stringify(stops)).toEqual({ code: 0, signal: null });
      else expect(stop.signal === 'SIGKILL' || stop.code !== null, JSON.stringify(stops)).toBe(true);
      expect(stop.ms, JSON.stringify(stops)).toBeLessThan(SHUTDOWN_TIMEOUT_MS + WATCHDOG_GRACE_MS + 2000);
    }
  }, 1_200_000);
});

async function untilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const end = Date.now() + 180_000;
  while (!(await fetch(`${url}/readyz`).then((answer) => answer.ok, () => false))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the shop exited early:\n${output()}`);
    if (Date.now() > end) throw new Error(`the shop was not ready within 180 s:\n${output()}`);
    await sleep(100);
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}
