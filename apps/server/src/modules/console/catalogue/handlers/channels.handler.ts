import { consoleChannels } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleChannels, {
  handle: ({ input, services }) => services.channelAdmin.channels(input.query.appId, input.query.regionCode),
});
