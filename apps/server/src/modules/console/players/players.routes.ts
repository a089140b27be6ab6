import type { FastifyInstance } from 'fastify';
import { registerHandlers } from '../../../http/handler.ts';
import type { Services } from '../../../services.ts';
import { handler as adjustVouchers } from './handlers/adjust-vouchers.handler.ts';
import { handler as blockPlayer } from './handlers/block-player.handler.ts';
import { handler as endPlayerSessions } from './handlers/end-player-sessions.handler.ts';
import { handler as player } from './handlers/player.handler.ts';
import { handler as playerOrders } from './handlers/player-orders.handler.ts';
import { handler as playerRole } from './handlers/player-role.handler.ts';
import { handler as roleLedger } from './handlers/role-ledger.handler.ts';
import { handler as searchPlayers } from './handlers/search-players.handler.ts';
import { handler as unblockPlayer } from './handlers/unblock-player.handler.ts';

/** The console's players: lookup, a player's page, voucher adjustments, ending sessions, blocking (contract console/players.ts). */
export const consolePlayersHandlers = [searchPlayers, player, playerOrders, playerRole, roleLedger, adjustVouchers, endPlayerSessions, blockPlayer, unblockPlayer];

export function registerConsolePlayersRoutes(app: FastifyInstance, services: Services): void {
  registerHandlers(app, services, consolePlayersHandlers);
}
