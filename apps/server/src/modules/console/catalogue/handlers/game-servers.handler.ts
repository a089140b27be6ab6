import { consoleGameServers } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleGameServers, {
  handle: ({ input, services }) => services.serverAdmin.servers(input.params.appId),
});
