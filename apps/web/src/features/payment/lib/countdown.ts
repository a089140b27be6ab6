/** Seconds until an unpaid order expires (0 when past; null without an expiry time). */
export function secondsLeft(expireTime: string | null | undefined, now = Date.now()): number | null {
  if (!expireTime) return null;
  const at = Date.parse(expireTime);
  if (!Number.isFinite(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** mm:ss (hours roll into minutes: 90 minutes is 90:00). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}
