import { Worker } from 'node:worker_threads';

/**
 * The last resort of a shutdown: a thread of its own that SIGKILLs the process `afterMs` from now. The main thread's
 * deadline (a timer, shutdown.ts) cannot fire while that thread is blocked, and it can be blocked for good: at exit pino
 * flushes the log lines still waiting for a stdout pipe whose reader stopped reading, retrying every 100 ms in
 * Atomics.wait, forever (ADR 0041). This thread runs on its own event loop, so a blocked main thread cannot hold it. It
 * does not keep the process alive (unref), and ends with the process.
 */
export function killProcessAfter(afterMs: number): void {
  // execArgv: none of the parent's (--import tsx in development), whose loader would wait on the main thread
  const watchdog = new Worker(WATCHDOG_SOURCE, { eval: true, execArgv: [], workerData: { afterMs, pid: process.pid } });
  watchdog.unref();
}

// Plain JavaScript (eval): the built bundle and the TypeScript sources run it alike, with no file to ship beside them.
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.afterMs);
`;
