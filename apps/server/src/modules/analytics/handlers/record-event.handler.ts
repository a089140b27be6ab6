import { analyticsEvent } from '@shop/contract/analytics';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(analyticsEvent, {
  handle: async ({ input, ctx: { request }, services }) => {
    await services.analyticsIntake.record(input.body, { ip: request.ip, userAgent: request.headers['user-agent'], authorization: request.headers.authorization });
    return null;
  },
});
