import { consoleAnalyticsSummary } from '@shop/contract/console/analytics';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleAnalyticsSummary, {
  handle: ({ input, services }) => services.dashboard.summary(input.query),
});
