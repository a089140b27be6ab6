import type { Executor } from '../db/client.ts';
import { enqueue, type JobHandler } from './outbox.ts';

/**
 * A job that runs once per interval, on any number of instances: time is cut into buckets of `intervalMs`, and each
 * bucket's run is one job whose dedupe key names the bucket, so however many instances schedule it, it exists once. Each
 * run writes the next bucket's run (also when it gave up, so one bad run never ends the schedule); every instance
 * schedules the current bucket at start, which restarts the chain after an outage.
 */
export class RecurringJob {
  constructor(
    readonly kind: string,
    /** Dedupe keys are `<keyPrefix>:<bucket>`. */
    private readonly keyPrefix: string,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  bucket(at = this.now()): number {
    return Math.floor(at / this.intervalMs);
  }

  /** Makes sure the current bucket's run exists. */
  async schedule(executor: Executor): Promise<void> {
    await this.write(executor, this.bucket());
  }

  /** Writes the run of the bucket after `bucket`, due when that bucket starts. */
  async scheduleAfter(executor: Executor, bucket: number): Promise<void> {
    const next = bucket + 1;
    await this.write(executor, next, new Date(next * this.intervalMs));
  }

  /** The outbox handler: runs `task` for the job's bucket, then makes sure the next run exists. */
  handler(executor: Executor, task: (bucket: number) => Promise<unknown>, maxAttempts = 3): JobHandler {
    return {
      run: async (payload) => {
        const bucket = Number(payload['bucket']);
        await task(bucket);
        await this.scheduleAfter(executor, bucket);
      },
      giveUp: (payload) => this.scheduleAfter(executor, Number(payload['bucket'])),
      maxAttempts,
    };
  }

  /** Without `runAt` the run is due at once. */
  private write(executor: Executor, bucket: number, runAt?: Date): Promise<void> {
    const job = { kind: this.kind, payload: { bucket }, dedupeKey: `${this.keyPrefix}:${bucket}`, maxAttempts: 3 };
    return enqueue(executor, runAt ? { ...job, runAt } : job);
  }
}
