import { eq } from 'drizzle-orm';
import type { PlayerAccount } from '@shop/contract/console/players';
import type { Db, Executor } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import type { StateChange } from '../../../shared/audit.ts';
import { conflict } from '../../../shared/domain-errors.ts';
import type { TokenService } from '../../auth/tokens.ts';
import { account, requireUser } from './player-rows.ts';

/**
 * An operator's changes to a player's account: ending the sessions, blocking and lifting a block. Each runs in the
 * caller's transaction and answers the state before and after (the route's audit entry).
 */
export class PlayerAccounts {
  constructor(
    private readonly db: Db,
    private readonly tokens: Pick<TokenService, 'endAllSessions'>,
  ) {}

  async account(id: number): Promise<PlayerAccount> {
    return account(await requireUser(this.db, id));
  }

  /** Ends every session of the player: access tokens stop working at once, refresh tokens are revoked. */
  async endSessions(tx: Executor, id: number): Promise<StateChange> {
    const row = await requireUser(tx, id, true);
    await this.tokens.endAllSessions(id, tx);
    return { before: { sessionVersion: row.sessionVersion }, after: { sessionVersion: row.sessionVersion + 1 } };
  }

  /** Blocks the player and ends their sessions; every login path refuses them while blocked (TokenService). */
  async block(tx: Executor, id: number, reason: string): Promise<StateChange> {
    const row = await requireUser(tx, id, true);
    if (row.blockedAt) throw conflict('consolePlayerAlreadyBlocked');
    const blockedAt = new Date();
    await tx.update(users).set({ blockedAt, blockedReason: reason, updatedAt: blockedAt }).where(eq(users.id, id));
    await this.tokens.endAllSessions(id, tx);
    return {
      before: { blockedAt: null, blockedReason: null, sessionVersion: row.sessionVersion },
      after: { blockedAt: blockedAt.toISOString(), blockedReason: reason, sessionVersion: row.sessionVersion + 1 },
    };
  }

  /** Lifts a block: logging in works again (the sessions ended by the block stay ended). */
  async unblock(tx: Executor, id: number, reason: string | undefined): Promise<StateChange> {
    const row = await requireUser(tx, id, true);
    if (!row.blockedAt) throw conflict('consolePlayerNotBlocked');
    await tx.update(users).set({ blockedAt: null, blockedReason: null, updatedAt: new Date() }).where(eq(users.id, id));
    return {
      before: { blockedAt: row.blockedAt.toISOString(), blockedReason: row.blockedReason },
      after: { blockedAt: null, blockedReason: null, reason: reason || null },
    };
  }
}
