import type { z } from 'zod';
import type { AnalyticsEventBody } from '@shop/contract/analytics';
import type { Db } from '../../db/client.ts';
import { DomainError, tooMany } from '../../shared/domain-errors.ts';
import { recordAnalyticsEvent } from './analytics-events.ts';
import { WindowCounter } from './window-counter.ts';

/** Events one client IP may send per minute; more are refused (analytics may lose events, the shop may not slow down). */
const EVENTS_PER_MINUTE = 120;

/** What this module needs of the auth module's token service (modules/analytics imports no other module). */
export interface AccessTokens {
  verifyAccessToken(token: string): Promise<{ userId: number }>;
}

/** The shop's analytics events as clients send them: counted per IP, a page view tied to the signed-in player. */
export class AnalyticsIntake {
  private readonly perIp = new WindowCounter(60_000);

  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
  ) {}

  async record(body: z.output<typeof AnalyticsEventBody>, client: { ip: string; userAgent: string | undefined; authorization: string | undefined }): Promise<void> {
    if (this.perIp.hit(client.ip) > EVENTS_PER_MINUTE) throw tooMany();
    const appId = body.name === 'page_view' ? body.payload.appId : undefined;
    const userId = appId === undefined ? undefined : await signedInPlayer(this.tokens, client.authorization);
    await recordAnalyticsEvent(this.db, {
      name: body.name,
      ...(body.tid ? { trackingId: body.tid } : {}),
      payload: body.payload,
      ...(body.at ? { clientTime: new Date(body.at) } : {}),
      ...(typeof client.userAgent === 'string' ? { userAgent: client.userAgent } : {}),
      ...(userId !== undefined && appId !== undefined ? { userId, appId } : {}),
    });
  }
}

/**
 * The player whose access token came with the event; undefined without one or with one that no longer works (an
 * anonymous view is still worth storing, so a stale token is not an error here).
 */
async function signedInPlayer(tokens: AccessTokens, authorization: string | undefined): Promise<number | undefined> {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined;
  if (!token) return undefined;
  try {
    return (await tokens.verifyAccessToken(token)).userId;
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}
