import { opsRetryDeadJob } from '@shop/contract/ops';
import { defineHandler } from '../../../http/handler.ts';
import { retryDeadJob } from '../../../jobs/dead-letters.ts';
import { notFound } from '../../../shared/domain-errors.ts';

export const handler = defineHandler(opsRetryDeadJob, {
  handle: async ({ input, tx }) => {
    if (!(await retryDeadJob(tx, input.body.id))) throw notFound('notFound');
    return { id: input.body.id };
  },
  audit: { kind: 'transaction', action: 'job.retry', entityType: 'job', describe: ({ body }) => ({ entityId: body.id, before: { state: 'dead' }, after: { state: 'due' } }) },
});
