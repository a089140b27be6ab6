import type { FastifyInstance } from 'fastify';
import { analyticsEvent } from '@shop/contract/analytics';
import { analyticsEvents } from '../../db/schema.ts';
import { tooMany } from '../../shared/domain-errors.ts';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';
import { WindowCounter } from './window-counter.ts';

/** Events one client IP may send per minute; more are refused (analytics may lose events, the shop may not slow down). */
const EVENTS_PER_MINUTE = 120;

export function registerAnalyticsRoutes(app: FastifyInstance, { db }: Services): void {
  const perIp = new WindowCounter(60_000);
  registerRoute(app, analyticsEvent, async ({ body, request }) => {
    if (perIp.hit(request.ip) > EVENTS_PER_MINUTE) throw tooMany();
    const userAgent = request.headers['user-agent'];
    await db.insert(analyticsEvents).values({
      name: body.name,
      trackingId: body.tid ?? null,
      payload: body.payload,
      clientTime: body.at ? new Date(body.at) : null,
      userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
    });
    return null;
  });
}
