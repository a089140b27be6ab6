// Everything the bench starts or creates is registered here, so it is stopped and removed on success, on failure, on
// Ctrl-C and (synchronously, best effort) when the process exits for any other reason.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

type AsyncCleanup = { name: string; run: () => Promise<void>; sync?: () => void };

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const tasks: AsyncCleanup[] = [];

export function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

export function trackTempDir(dir: string): () => void {
  tempDirs.add(dir);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  };
}

/** A cleanup that needs async work (closing pools, dropping a database); `sync` is the fallback run from 'exit'. */
export function onCleanup(name: string, run: () => Promise<void>, sync?: () => void): () => Promise<void> {
  const task: AsyncCleanup = { name, run, sync };
  tasks.push(task);
  return async () => {
    const index = tasks.indexOf(task);
    if (index < 0) return;
    tasks.splice(index, 1);
    await run();
  };
}

export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Stops every child, runs every registered cleanup (newest first), removes every temp dir. Never throws. */
export async function cleanupAll(): Promise<void> {
  await Promise.all([...children].map((child) => stopChild(child).catch(() => undefined)));
  while (tasks.length) {
    const task = tasks.pop()!;
    try {
      await withTimeout(task.run(), 15_000, task.name);
    } catch (error) {
      console.error(`bench: cleanup "${task.name}" failed: ${(error as Error).message}`);
      task.sync?.();
    }
  }
  for (const dir of [...tempDirs]) {
    rmSync(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  }
}

function cleanupSync(): void {
  for (const child of children) child.kill('SIGKILL');
  for (const task of tasks.splice(0)) {
    try {
      task.sync?.();
    } catch {
      // best effort while exiting
    }
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

let installed = false;
/** Installs the 'exit' safety net and turns SIGINT/SIGTERM into an orderly cleanup. */
export function installExitHandlers(): void {
  if (installed) return;
  installed = true;
  process.on('exit', cleanupSync);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\nbench: ${signal}, cleaning up`);
      void withTimeout(cleanupAll(), 20_000, 'cleanup')
        .catch(() => undefined)
        .finally(() => process.exit(130));
    });
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: timed out after ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs a command synchronously with a timeout (used from the 'exit' handler, where nothing async can run). */
export function runSync(command: string, args: string[], timeoutMs = 5000): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore', timeout: timeoutMs });
  return result.status === 0;
}
