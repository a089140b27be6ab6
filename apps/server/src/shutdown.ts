import type { FastifyInstance } from 'fastify';
import { killProcessAfter } from './shutdown-watchdog.ts';

/** How long after the shutdown's deadline the watchdog kills a process whose main thread could not exit by itself. */
export const WATCHDOG_GRACE_MS = 1000;
/**
 * A second signal this soon after the first is the same stop delivered twice, not an operator insisting: a stop sent
 * to the process group reaches node directly and again through `npm run`, which forwards SIGTERM and SIGINT to its
 * script (Ctrl-C in a terminal does the same).
 */
const SAME_STOP_MS = 1000;

/**
 * Graceful shutdown on SIGTERM (orchestrators) and SIGINT (Ctrl-C). `app.close()` stops accepting connections and lets
 * the requests in flight finish (those still arriving on open connections get the 503 envelope: http/closing.ts); then
 * its onClose hooks stop the job worker, which finishes its job in progress and releases the others it claimed, and
 * close the database. Exit 0 when that is done. Whatever hangs (a database that stopped answering, a job that never
 * returns) cannot keep the process: after `timeoutMs` it exits 1 anyway, before the orchestrator's SIGKILL, and another
 * instance picks up the unfinished jobs when their lease ends. If even that timer cannot run (the main thread blocked,
 * ADR 0041), a watchdog thread kills the process `WATCHDOG_GRACE_MS` later. A second signal exits 1 at once.
 */
export function shutDownGracefullyOnSignals(app: FastifyInstance, timeoutMs: number): void {
  let signalledAt: number | undefined;
  const shutDown = (signal: NodeJS.Signals) => {
    if (signalledAt !== undefined) {
      if (Date.now() - signalledAt < SAME_STOP_MS) return;
      app.log.warn({ signal }, 'second signal while shutting down: exiting now');
      process.exit(1);
    }
    signalledAt = Date.now();
    killProcessAfter(timeoutMs + WATCHDOG_GRACE_MS);
    app.log.info({ signal, timeoutMs }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown did not finish in time: exiting anyway');
      process.exit(1);
    }, timeoutMs);
    app.close().then(
      () => {
        clearTimeout(deadline);
        app.log.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);
}
