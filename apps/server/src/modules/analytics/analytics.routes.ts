import type { FastifyInstance } from 'fastify';
import { analyticsEvent } from '@shop/contract/analytics';
import { tooMany } from '../../shared/domain-errors.ts';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';
import { recordAnalyticsEvent } from './analytics-events.ts';
import { WindowCounter } from './window-counter.ts';

/** Events one client IP may send per minute; more are refused (analytics may lose events, the shop may not slow down). */
const EVENTS_PER_MINUTE = 120;

export function registerAnalyticsRoutes(app: FastifyInstance, { db }: Services): void {
  const perIp = new WindowCounter(60_000);
  registerRoute(app, analyticsEvent, async ({ body, request }) => {
    if (perIp.hit(request.ip) > EVENTS_PER_MINUTE) throw tooMany();
    const userAgent = request.headers['user-agent'];
    await recordAnalyticsEvent(db, {
      name: body.name,
      ...(body.tid ? { trackingId: body.tid } : {}),
      payload: body.payload,
      ...(body.at ? { clientTime: new Date(body.at) } : {}),
      ...(typeof userAgent === 'string' ? { userAgent } : {}),
    });
    return null;
  });
}
