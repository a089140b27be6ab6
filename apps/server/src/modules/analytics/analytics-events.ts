import type { Db } from '../../db/client.ts';
import { analyticsEvents } from '../../db/schema.ts';

export interface AnalyticsEventInput {
  name: string;
  trackingId?: string;
  payload: Record<string, unknown>;
  clientTime?: Date;
  userAgent?: string;
  /** The signed-in player and their game (page views): the activity triggers count the player (migration 0022). */
  userId?: number;
  appId?: number;
}

/** Stores one page view or purchase event the web app reported (ADR 0014, docs/adr/0014-shop-web.md). */
export async function recordAnalyticsEvent(db: Db, event: AnalyticsEventInput): Promise<void> {
  await db.insert(analyticsEvents).values({
    name: event.name,
    trackingId: event.trackingId ?? null,
    payload: event.payload,
    clientTime: event.clientTime ?? null,
    userAgent: event.userAgent?.slice(0, 300) ?? null,
    userId: event.userId ?? null,
    appId: event.appId ?? null,
  });
}
