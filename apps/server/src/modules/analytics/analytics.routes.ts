import type { FastifyInstance } from 'fastify';
import { analyticsEvent } from '@shop/contract/analytics';
import { DomainError, tooMany } from '../../shared/domain-errors.ts';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';
import { recordAnalyticsEvent } from './analytics-events.ts';
import { WindowCounter } from './window-counter.ts';

/** Events one client IP may send per minute; more are refused (analytics may lose events, the shop may not slow down). */
const EVENTS_PER_MINUTE = 120;

export function registerAnalyticsRoutes(app: FastifyInstance, { db, tokens }: Services): void {
  const perIp = new WindowCounter(60_000);
  registerRoute(app, analyticsEvent, async ({ body, request }) => {
    if (perIp.hit(request.ip) > EVENTS_PER_MINUTE) throw tooMany();
    const userAgent = request.headers['user-agent'];
    const appId = body.name === 'page_view' ? body.payload.appId : undefined;
    const userId = appId === undefined ? undefined : await signedInPlayer(tokens, request.headers.authorization);
    await recordAnalyticsEvent(db, {
      name: body.name,
      ...(body.tid ? { trackingId: body.tid } : {}),
      payload: body.payload,
      ...(body.at ? { clientTime: new Date(body.at) } : {}),
      ...(typeof userAgent === 'string' ? { userAgent } : {}),
      ...(userId !== undefined && appId !== undefined ? { userId, appId } : {}),
    });
    return null;
  });
}

/** What this module needs of the auth module's token service (modules/analytics imports no other module). */
interface AccessTokens {
  verifyAccessToken(token: string): Promise<{ userId: number }>;
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
