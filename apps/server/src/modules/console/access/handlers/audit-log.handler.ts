import { consoleAuditLog } from '@shop/contract/console/access';
import { defineHandler } from '../../../../http/handler.ts';
import { searchAudit } from '../../audit-search.ts';

export const handler = defineHandler(consoleAuditLog, {
  handle: ({ input, services }) => searchAudit(services.db, input.query),
});
