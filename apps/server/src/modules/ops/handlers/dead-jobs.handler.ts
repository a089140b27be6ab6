import { opsDeadJobs } from '@shop/contract/ops';
import { defineHandler } from '../../../http/handler.ts';
import { listDeadJobs } from '../../../jobs/dead-letters.ts';

export const handler = defineHandler(opsDeadJobs, {
  handle: async ({ input, services }) =>
    (await listDeadJobs(services.db, input.query.limit)).map((job) => ({ ...job, createdAt: job.createdAt.toISOString(), failedAt: job.failedAt.toISOString() })),
});
