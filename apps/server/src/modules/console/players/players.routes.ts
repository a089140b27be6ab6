import type { FastifyInstance } from 'fastify';
import {
  consoleAdjustVouchers,
  consoleBlockPlayer,
  consoleEndPlayerSessions,
  consolePlayer,
  consolePlayerOrders,
  consolePlayerRole,
  consolePlayerSearch,
  consoleRoleLedger,
  consoleUnblockPlayer,
} from '@shop/contract/console/players';
import { registerRoute } from '../../../http/route.ts';
import type { Services } from '../../../services.ts';
import { actorOf } from '../access/console-session.ts';
import { ConsolePlayersService } from './players.service.ts';

/** The console's players: lookup, a player's page, voucher adjustments, ending sessions, blocking (contract console/players.ts). */
export function registerConsolePlayersRoutes(app: FastifyInstance, { db, ledger, tokens }: Services): void {
  const players = new ConsolePlayersService(db, ledger, tokens);

  registerRoute(app, consolePlayerSearch, ({ query }) => players.search(query.q, query.by));
  registerRoute(app, consolePlayer, ({ params }) => players.player(params.id));
  registerRoute(app, consolePlayerOrders, ({ params, query }) => players.orders(params.id, query));
  registerRoute(app, consolePlayerRole, ({ params }) => players.role(params.gameAccountId));
  registerRoute(app, consoleRoleLedger, ({ params, query }) => players.ledgerPage(params.gameAccountId, query));
  registerRoute(app, consoleAdjustVouchers, ({ params, body, operator, request }) => players.adjust(actorOf(operator, request), params.gameAccountId, body));
  registerRoute(app, consoleEndPlayerSessions, ({ params, operator, request }) => players.endSessions(actorOf(operator, request), params.id));
  registerRoute(app, consoleBlockPlayer, ({ params, body, operator, request }) => players.block(actorOf(operator, request), params.id, body.reason));
  registerRoute(app, consoleUnblockPlayer, ({ params, body, operator, request }) => players.unblock(actorOf(operator, request), params.id, body.reason));
}
