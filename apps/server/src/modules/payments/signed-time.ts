/**
 * Webhook deliveries whose provider signs a time are refused once that time is stale, so a delivery captured on the
 * way (or leaked from a log) cannot be played to the shop days later. Replays of a delivery already applied change
 * nothing anyway (payment events are keyed); this closes the first delivery of an old one. ADR 0017, docs/adr/0017-smaller-hardening.md.
 */

/**
 * PayPal signs PAYPAL-TRANSMISSION-TIME, the time of this HTTP transmission: every retry is a new transmission with a
 * new id and time, so a tight window refuses nothing genuine.
 */
export const PAYPAL_TRANSMISSION_MAX_AGE_MS = 10 * 60_000;

/**
 * PayerMax signs the body, which carries notifyTime. Its retries (0s/30s/5m/10m/1h/12h apart, about 13 h 16 min in
 * all) may resend the same body, so the window covers the whole schedule.
 */
export const PAYERMAX_NOTIFY_MAX_AGE_MS = 24 * 3_600_000;

/** Clocks differ: a time this far ahead of ours is still accepted. */
export const SIGNED_TIME_MAX_AHEAD_MS = 5 * 60_000;

/** Whether a signed time (ISO 8601 / RFC 3339) is readable and inside [now - maxAgeMs, now + SIGNED_TIME_MAX_AHEAD_MS]. */
export function isFreshSignedTime(value: string, maxAgeMs: number, now = Date.now()): boolean {
  const time = Date.parse(value);
  return Number.isFinite(time) && time >= now - maxAgeMs && time <= now + SIGNED_TIME_MAX_AHEAD_MS;
}
