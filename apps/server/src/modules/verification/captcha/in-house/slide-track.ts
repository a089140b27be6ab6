import { CAPTCHA_TRACK_MAX } from '@shop/contract/verification';

/**
 * One sample of the slide as the web client records it: piece position and (optional) vertical drift of the pointer,
 * both in background px, and ms since the drag began.
 */
export interface TrackPoint {
  x: number;
  y?: number;
  t: number;
}

/** What a person's drag of the slider looks like (ADR 0011, docs/adr/0011-verification-codes.md). */
export const TRACK_RULES = {
  minPoints: 5,
  minDurationMs: 150,
  /** The client rounds times to whole milliseconds: intervals that differ by no more than this count as even. */
  intervalJitterMs: 1,
  /**
   * How much the mean speeds of the drag's first, middle and last third must differ ((max - min) / mean): a person
   * speeds up and slows down, a script's glide does not. Thirds rather than single steps, so that x rounded to whole
   * pixels does not pass for a change of speed.
   */
  minSpeedVariation: 0.1,
} as const;

/**
 * Whether a slide track can come from a person dragging the piece to `releasedX`: enough points, in time order, lasting
 * long enough, ending where the piece was let go, and not a straight glide at constant speed in even steps (what a naive
 * script sends). The end is not compared when the track is full: a client that stops recording at CAPTCHA_TRACK_MAX
 * points instead of keeping the release point has a slow drag's last point away from where it ended.
 */
export function isHumanTrack(track: readonly TrackPoint[] | undefined, releasedX: number, endTolerancePx: number): boolean {
  if (!track || track.length < TRACK_RULES.minPoints) return false;
  for (let i = 1; i < track.length; i++) if (track[i]!.t < track[i - 1]!.t) return false;
  const first = track[0]!;
  const last = track[track.length - 1]!;
  if (last.t - first.t < TRACK_RULES.minDurationMs) return false;
  if (track.length < CAPTCHA_TRACK_MAX && Math.abs(last.x - releasedX) > endTolerancePx) return false;
  return !isEvenGlide(track);
}

/** The pointer never drifts vertically, every step takes the same time (within rounding) and the speed hardly changes. */
function isEvenGlide(track: readonly TrackPoint[]): boolean {
  const startY = track[0]!.y ?? 0;
  if (track.some((point) => (point.y ?? 0) !== startY)) return false;
  const intervals = track.slice(1).map((point, i) => point.t - track[i]!.t);
  if (Math.max(...intervals) - Math.min(...intervals) > TRACK_RULES.intervalJitterMs) return false;
  // With even intervals, thirds by point count are thirds by time.
  const cuts = [0, Math.floor(track.length / 3), Math.floor((2 * track.length) / 3), track.length - 1].map((i) => track[i]!);
  const speeds = cuts
    .slice(1)
    .map((point, i) => ({ dx: point.x - cuts[i]!.x, dt: point.t - cuts[i]!.t }))
    .filter((part) => part.dt > 0)
    .map((part) => part.dx / part.dt);
  const mean = speeds.reduce((sum, speed) => sum + speed, 0) / speeds.length;
  return mean === 0 || (Math.max(...speeds) - Math.min(...speeds)) / Math.abs(mean) < TRACK_RULES.minSpeedVariation;
}
