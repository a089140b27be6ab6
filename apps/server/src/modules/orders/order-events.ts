import type { Db, Executor, Tx } from '../../db/client.ts';
import type { OrderEvent, OrderRow } from './order-state-machine.ts';

/** Told of every order created and every status change (the metrics), once the transaction that made it has committed. */
export interface OrderObserver {
  orderCreated(order: OrderRow): void;
  orderMoved(order: OrderRow, event: OrderEvent): void;
}

interface Watch {
  observer: OrderObserver;
  /** Reports waiting for the commit; undefined outside a transaction, where a statement commits by itself. */
  afterCommit?: (() => void)[];
}

const watched = new WeakMap<object, Watch>();

/**
 * One app's handle on the database: orders created and moved through it are reported to `observer`, after the commit of
 * their transaction, so a transaction that rolled back (a failed statement, a lost connection) is never counted. A handle
 * per app, not a mark on the database: tests run several apps on one database, each with its own metrics. Every other
 * method is the database's own (the handle inherits from it). Savepoints (`tx.transaction`) are not watched: nothing
 * uses them, and a report made inside one would be dropped.
 */
export function observeOrders(db: Db, observer: OrderObserver): Db {
  const observed = Object.create(db) as Db;
  observed.transaction = async function <T>(run: (tx: Tx) => Promise<T>, config?: Parameters<Db['transaction']>[1]): Promise<T> {
    const afterCommit: (() => void)[] = [];
    const result = await db.transaction((tx) => {
      watched.set(tx, { observer, afterCommit });
      return run(tx);
    }, config);
    for (const report of afterCommit) report();
    return result;
  };
  watched.set(observed, { observer });
  return observed;
}

function report(executor: Executor, tell: (observer: OrderObserver) => void): void {
  const watch = watched.get(executor);
  if (!watch) return; // a database handle without an observer (tools, some tests)
  if (watch.afterCommit) watch.afterCommit.push(() => tell(watch.observer));
  else tell(watch.observer);
}

/** Call where an order row is inserted. */
export function reportOrderCreated(executor: Executor, order: OrderRow): void {
  report(executor, (observer) => observer.orderCreated(order));
}

/** Called by the state machine for every status change it made. */
export function reportOrderMoved(executor: Executor, order: OrderRow, event: OrderEvent): void {
  report(executor, (observer) => observer.orderMoved(order, event));
}
