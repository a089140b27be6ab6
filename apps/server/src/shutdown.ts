import type { FastifyInstance } from 'fastify';

/**
 * Graceful shutdown on SIGTERM (orchestrators) and SIGINT (Ctrl-C). `app.close()` stops accepting connections and lets
 * the requests in flight finish (those still arriving on open connections get the 503 envelope: http/closing.ts); then
 * its onClose hooks stop the job worker, which finishes its job in progress and releases the others it claimed, and
 * close the database. Exit 0 when that is done. Whatever hangs (a database that stopped answering, a job that never
 * returns) cannot keep the process: after `timeoutMs` it exits 1 anyway, before the orchestrator's SIGKILL, and another
 * instance picks up the unfinished jobs when their lease ends. A second signal exits 1 at once.
 */
export function shutDownGracefullyOnSignals(app: FastifyInstance, timeoutMs: number): void {
  let closing = false;
  const shutDown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal while shutting down: exiting now');
      process.exit(1);
    }
    closing = true;
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
